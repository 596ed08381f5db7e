import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): the reference's "one", "whole" or "everything" (function
// words, so never a left-out detail) said as another quantity (quantityChanged in
// translation.ts, session 14's second round, decision 055).
const rent: EvaluatorExample = {
  text: 'Con un solo trabajo no llegamos a fin de mes.',
  conjugatedSnippet: 'llegamos a fin de mes',
  translation: "With one job we can't make ends meet.",
  idiom: { text: 'llegar a fin de mes', translation: 'to make ends meet' },
}
const cake: EvaluatorExample = {
  text: 'Se comió la torta entera de un saque.',
  conjugatedSnippet: 'de un saque',
  translation: 'He ate the whole cake in one go.',
  idiom: { text: 'de un saque', translation: 'in one go; all at once' },
}

describe('a quantity changed', () => {
  it('another number for "one" is a minor slip that names both words', () => {
    const grade = gradeTranslation(rent, "With two jobs we can't make ends meet.")
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('You wrote "two" where the sentence says "one"')
    expect(grade.feedback).toContain('check how much or how many')
  })

  it('"half" for "whole" is minor', () => {
    const grade = gradeTranslation(cake, 'He ate half the cake in one go.')
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('You wrote "half" where the sentence says "whole"')
  })

  it('the same quantity in other words stays perfect', () => {
    expect(gradeTranslation(cake, 'He ate the entire cake in one go.').accuracy).toBe('perfect')
    expect(gradeTranslation(cake, 'He ate the whole cake all at once.').accuracy).toBe('perfect')
    expect(gradeTranslation(rent, "With a single job we can't make ends meet.").accuracy).toBe(
      'perfect',
    )
  })
})
