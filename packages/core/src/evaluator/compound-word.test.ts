import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a meaning phrase's word that the learner says only as the
// first word of a compound noun of their own ("left" of "left wing") names another thing, and
// does not say the phrase (decision 055, session 16).
const everywhere: EvaluatorExample = {
  text: 'Repartió volantes a diestra y siniestra en la plaza.',
  conjugatedSnippet: 'a diestra y siniestra',
  translation: 'He handed out flyers left and right in the square.',
  idiom: {
    text: 'a diestra y siniestra',
    translation: 'left and right; indiscriminately',
    meanings: ['left and right', 'right and left', 'everywhere', 'to everyone'],
  },
}

describe('a meaning phrase’s word inside a compound noun of the learner’s', () => {
  it('"to the left wing and the right wing" does not say "left and right": major', () => {
    expect(
      gradeTranslation(
        everywhere,
        'He handed out flyers to the left wing and the right wing in the square.',
      ).accuracy,
    ).toBe('major')
  })
  it('"right and left" and "to everyone" say it: perfect', () => {
    expect(
      gradeTranslation(everywhere, 'He handed out flyers right and left in the square.').accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(everywhere, 'He handed out flyers to everyone in the square.').accuracy,
    ).toBe('perfect')
  })
})
