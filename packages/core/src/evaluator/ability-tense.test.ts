import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): "can't" is an ability now, "couldn't" after its subject one
// then; "could" alone stays tenseless (a possibility) (tensesOf in translation.ts, decision 055,
// session 16, second round).
const secret: EvaluatorExample = {
  text: 'No le cuentes nada a Lucía: no es una tumba.',
  conjugatedSnippet: 'no es una tumba',
  translation: "Don't tell Lucía anything: she can't keep a secret.",
  idiom: {
    text: 'ser una tumba',
    translation: 'to be able to keep a secret',
    meanings: ['keep a secret', 'keep a secret to oneself', 'my lips are sealed'],
  },
}

describe('"can\'t" and "couldn\'t"', () => {
  it('"she couldn\'t keep a secret" for "she can\'t" is a tense slip: minor', () => {
    const grade = gradeTranslation(secret, "Don't tell Lucía anything: she couldn't keep a secret.")
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('Check the tense')
  })
  it('"she cannot keep a secret" is the same: perfect', () => {
    expect(
      gradeTranslation(secret, "Don't tell Lucía anything: she cannot keep a secret.").accuracy,
    ).toBe('perfect')
  })
})
