import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): "would" before the idiom's verb is "will" reported from the
// past, or a conditional; it does not let a past verb further back ("announced") give the idiom
// a past tense (TENSELESS_MODALS in translation.ts, session 13, decision 055).
const guard: EvaluatorExample = {
  text: 'El guardia anunció que se va a rajar a medianoche.',
  conjugatedSnippet: 'se va a rajar',
  translation: 'The guard announced he will clear off at midnight.',
  idiom: {
    text: 'rajarse',
    translation: 'to clear off; to run off',
    meanings: ['clear off', 'run off', 'take off'],
  },
}

describe('a modal that reports "will" from the past', () => {
  it('"announced he would clear off" for "announced he will clear off" is perfect', () => {
    expect(
      gradeTranslation(guard, 'The guard announced he would clear off at midnight.').accuracy,
    ).toBe('perfect')
  })

  it('the idiom said in the past is still a tense slip', () => {
    const grade = gradeTranslation(guard, 'The guard announced he cleared off at midnight.')
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('Check the tense')
  })
})
