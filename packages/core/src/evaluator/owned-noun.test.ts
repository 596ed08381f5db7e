import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a meaning phrase's small word that is a noun by its place
// ("back" of "with one's back to the wall", "back against the wall") is the phrase's own: the
// rest said without it ("against the wall") is a literal reading, not the phrase (decision 055,
// session 16, second round).
const cornered: EvaluatorExample = {
  text: 'Con la deuda y el despido, Marta quedó entre la espada y la pared.',
  conjugatedSnippet: 'quedó entre la espada y la pared',
  translation: 'With the debt and the layoff, Marta was caught between a rock and a hard place.',
  idiom: {
    text: 'estar entre la espada y la pared',
    translation: 'to be between a rock and a hard place',
    meanings: [
      'between a rock and a hard place',
      "have one's back against the wall",
      'back against the wall',
      'back to the wall',
      'in a bind',
    ],
    literals: ['between the sword and the wall', 'sword and wall'],
  },
}

describe('a meaning phrase’s noun that the lexicon counts as a small word', () => {
  it('"was left leaning against the wall" does not say "back against the wall": major', () => {
    expect(
      gradeTranslation(
        cornered,
        'With the debt and the layoff, Marta was left leaning against the wall.',
      ).accuracy,
    ).toBe('major')
  })
  it('"had her back against the wall" and "was in a bind" say it: perfect', () => {
    expect(
      gradeTranslation(
        cornered,
        'With the debt and the layoff, Marta had her back against the wall.',
      ).accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(cornered, 'With the debt and the layoff, Marta was in a bind.').accuracy,
    ).toBe('perfect')
  })
})
