import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): every word kept, but the doer and the one done to swapped
// round the verb (rolesSwapped in translation.ts, session 14, decision 055).
const chase: EvaluatorExample = {
  text: 'El gato persiguió al perro y después se las tomó.',
  conjugatedSnippet: 'se las tomó',
  translation: 'The cat chased the dog and then cleared off.',
  idiom: { text: 'tomárselas', translation: 'to leave; to clear off' },
}

describe('the doer and the one done to swapped', () => {
  it('"the dog chased the cat" for "the cat chased the dog" is major and says so', () => {
    const grade = gradeTranslation(chase, 'The dog chased the cat and then cleared off.')
    expect(grade.accuracy).toBe('major')
    expect(grade.feedback).toContain('swaps who does what')
    expect(grade.feedback).toContain('"cat" chased "dog"')
  })

  it('the same roles in the passive, or another word for one of them, are not swapped', () => {
    expect(
      gradeTranslation(chase, 'The dog was chased by the cat and then cleared off.').accuracy,
    ).not.toBe('major')
    expect(gradeTranslation(chase, 'The cat chased the pooch and then cleared off.').accuracy).toBe(
      'perfect',
    )
  })
})
