import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence; session 12, decision 055): where a reference says one meaning
// phrase word for word ("provoke") and another only through a synonym ("wind someone up" through
// "end up"), the idiom is where it is said word for word; the negation before it is the idiom's.
const tease: EvaluatorExample = {
  text: 'No lo pinches a tu primo, que termina llorando.',
  conjugatedSnippet: 'No lo pinches',
  translation: "Don't provoke your cousin, he'll end up crying.",
  idiom: {
    text: 'pinchar',
    translation: 'to provoke; to tease',
    meanings: ['provoke', "push someone's buttons", 'wind someone up'],
  },
}

describe('the idiom where the reference says a meaning phrase word for word', () => {
  it('"Don\'t push your cousin\'s buttons" is perfect, not the opposite', () => {
    const r = gradeTranslation(tease, "Don't push your cousin's buttons, he'll end up in tears.")
    expect(r.accuracy).toBe('perfect')
  })

  it('"Stop pushing his buttons" says the same "don\'t": perfect', () => {
    expect(
      gradeTranslation(tease, "Stop pushing your cousin's buttons, he'll end up crying.").accuracy,
    ).toBe('perfect')
  })

  it('the negation left out is still the opposite', () => {
    const r = gradeTranslation(tease, "Push your cousin's buttons, he'll end up crying.")
    expect(r.accuracy).toBe('major')
    expect(r.feedback).toContain('opposite')
  })
})
