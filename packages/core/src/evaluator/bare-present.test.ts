import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a verb's bare form right after "I", "you", "we" or "they" is
// a present ("I want"), so the same verb in the past elsewhere is a tense slip even where both
// texts have some other past (tenseAt in translation.ts, session 15, decision 055).
const promises: EvaluatorExample = {
  text: 'Quiero que sepas que sus promesas las tomé con pinzas.',
  conjugatedSnippet: 'las tomé con pinzas',
  translation: 'I want you to know that I took his promises with a grain of salt.',
  idiom: {
    text: 'tomar con pinzas',
    translation: 'to take with a grain of salt',
    meanings: ['take with a grain of salt', 'take with a pinch of salt', 'be wary of'],
  },
}

describe('a bare present after "I", "you", "we", "they"', () => {
  it('"I wanted" for "I want" is a tense slip, said as one', () => {
    const grade = gradeTranslation(
      promises,
      'I wanted you to know that I took his promises with a grain of salt.',
    )
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('Check the tense')
  })

  it('"Did you know" for "You knew" keeps the past: no tense slip', () => {
    const knew: EvaluatorExample = {
      ...promises,
      text: '¿Sabías que sus promesas las tomé con pinzas?',
      translation: 'You knew that I took his promises with a grain of salt.',
    }
    expect(
      gradeTranslation(knew, 'Did you know that I took his promises with a grain of salt?')
        .accuracy,
    ).toBe('perfect')
  })
})
