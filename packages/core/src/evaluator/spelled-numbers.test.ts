import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { digitsForNumbers } from './english.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a number of several words and the digits a learner types for
// it are the same detail (digitsForNumbers in english.ts, session 14, decision 055).
const retire: EvaluatorExample = {
  text: 'En los noventa mi abuelo colgó los botines a los treinta y ocho años.',
  conjugatedSnippet: 'colgó los botines',
  translation: 'In the nineties my grandfather hung up his boots at thirty-eight.',
  idiom: {
    text: 'colgar los botines',
    translation: 'to retire (from sport); to hang up one’s boots',
  },
}

describe('numbers said in words or in digits', () => {
  it('spells several-word numbers as digits, one-word ones left alone', () => {
    expect(digitsForNumbers('thirty-eight, two hundred thousand, a hundred and five')).toBe(
      '38, 200,000, 105',
    )
    expect(digitsForNumbers('in the nineties, no one, six')).toBe('in the 90s, no one, six')
  })

  it('"38" and "the 90s" for "thirty-eight" and "the nineties" are perfect', () => {
    expect(
      gradeTranslation(retire, 'In the 90s my grandfather hung up his boots at 38.').accuracy,
    ).toBe('perfect')
  })

  it('another number is still a changed detail, named', () => {
    const grade = gradeTranslation(retire, 'In the 80s my grandfather hung up his boots at 38.')
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('You wrote "80s" where the sentence says "90s"')
    expect(
      gradeTranslation(retire, 'In the nineties my grandfather hung up his boots at 39.').accuracy,
    ).toBe('minor')
  })

  it('"300,000" for "three hundred thousand" is perfect', () => {
    const pay: EvaluatorExample = {
      text: 'El club le pagó trescientos mil pesos en concepto de premio.',
      conjugatedSnippet: 'en concepto de',
      translation: 'The club paid her three hundred thousand pesos as a bonus.',
      idiom: { text: 'en concepto de', translation: 'as; by way of' },
    }
    expect(gradeTranslation(pay, 'The club paid her 300,000 pesos as a bonus.').accuracy).toBe(
      'perfect',
    )
  })
})
