import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): the learner says one meaning phrase in another clause ("go
// with", about the supplier) and another where the reference says the idiom, negated as there.
const backed: EvaluatorExample = {
  text: 'Cuando Ana propuso el proveedor más barato, nadie le hizo la segunda.',
  conjugatedSnippet: 'le hizo la segunda',
  translation: 'When Ana proposed the cheaper supplier, nobody backed her up.',
  idiom: {
    text: 'hacer la segunda',
    translation: 'to back someone up; to tag along',
    meanings: ['back someone up', 'go with', 'stand by', 'go along with'],
  },
}

describe('a meaning phrase of another clause does not decide the negation', () => {
  it('the phrase said where the reference says the idiom, negated as there, is perfect', () => {
    expect(
      gradeTranslation(
        backed,
        'When Ana suggested going with the cheaper supplier, nobody stood by her.',
      ),
    ).toMatchObject({ accuracy: 'perfect' })
  })

  it('said without the negation, it is still the opposite', () => {
    expect(
      gradeTranslation(
        backed,
        'When Ana suggested going with the cheaper supplier, everybody stood by her.',
      ),
    ).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
  })
})
