import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a meaning phrase of a chance gone by ("you should have asked")
// is not said by its verb without the modal's "have" ("you can still ask"): that says the chance
// is still there, the opposite (decision 055, session 18, after the fifteenth set).
const late: EvaluatorExample = {
  text: 'Si no te anotaste el lunes, tarde piaste: las plazas ya se llenaron.',
  conjugatedSnippet: 'tarde piaste',
  translation: "If you didn't sign up on Monday, it's too late now: the places have filled up.",
  idiom: {
    text: 'tarde piaste',
    translation: 'too late',
    meanings: ['too late', 'you should have asked before', 'you should have asked'],
  },
}

describe('a chance gone by said as one still open', () => {
  it('"you can still ask now" for "it\'s too late now" is the opposite: major', () => {
    expect(
      gradeTranslation(
        late,
        "If you didn't sign up on Monday, you can still ask now: the places have filled up.",
      ).accuracy,
    ).toBe('major')
  })

  it('"you should have asked then" says the meaning phrase: perfect', () => {
    expect(
      gradeTranslation(
        late,
        "If you didn't sign up on Monday, you should have asked then: the places have filled up.",
      ).accuracy,
    ).toBe('perfect')
  })
})
