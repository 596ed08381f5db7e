import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): the Spanish says "no" to the idiom and the reference renders
// that by an opposite word ("rejected") that no meaning phrase of the idiom finds.
const permit: EvaluatorExample = {
  text: 'La municipalidad no dio luz verde a la obra del shopping.',
  conjugatedSnippet: 'dio luz verde',
  translation: 'The council rejected the shopping centre project.',
  idiom: {
    text: 'dar luz verde',
    translation: 'to give the go-ahead; to approve',
    meanings: ['give the go-ahead', 'approve', 'authorise', 'give the green light'],
    literals: ['give green lamp'],
  },
}

describe('an idiom the Spanish negates, said without the negation', () => {
  it('is the opposite, a major that says the sentence says no', () => {
    const r = gradeTranslation(permit, 'The council approved the shopping centre project.')
    expect(r).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
    expect(r.feedback).toContain('the sentence says "no" to "dar luz verde"')
    expect(
      gradeTranslation(permit, 'The council gave the go-ahead to the shopping centre project.')
        .accuracy,
    ).toBe('major')
  })

  it('said with its negation, or by the same opposite word, it is right', () => {
    expect(
      gradeTranslation(permit, "The council didn't approve the shopping centre project.").accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(
        permit,
        'The council refused to give the go-ahead to the shopping centre project.',
      ).accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(permit, 'The council rejected the shopping centre project.').accuracy,
    ).toBe('perfect')
  })

  it('a Spanish sentence that does not negate the idiom changes nothing', () => {
    const yes = {
      ...permit,
      text: 'La municipalidad dio luz verde a la obra del shopping.',
      translation: 'The council approved the shopping centre project.',
    }
    expect(
      gradeTranslation(yes, 'The council gave the green light to the shopping centre project.')
        .accuracy,
    ).toBe('perfect')
  })
})
