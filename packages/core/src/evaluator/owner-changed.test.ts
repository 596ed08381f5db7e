import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): the same thing said to be someone else's, "her" for "my"
// (ownerChanged in translation.ts, session 14's second round, decision 055).
const keys: EvaluatorExample = {
  text: 'Me hice mala sangre porque no encontraba mis llaves.',
  conjugatedSnippet: 'Me hice mala sangre',
  translation: "I got worked up because I couldn't find my keys.",
  idiom: { text: 'hacerse mala sangre', translation: 'to get worked up; to fret' },
}

describe("a possessive's person changed", () => {
  it('"her keys" for "my keys" is a minor slip that says whose', () => {
    const grade = gradeTranslation(keys, "I got worked up because I couldn't find her keys.")
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('You wrote "her keys" where the sentence says "my keys"')
    expect(grade.feedback).toContain('check whose it is')
  })

  it('the same owner, or "their" for a "his" or "her", stays perfect', () => {
    expect(gradeTranslation(keys, "I fretted because I couldn't find my keys.").accuracy).toBe(
      'perfect',
    )
    const seat: EvaluatorExample = {
      text: 'Cada uno se hizo mala sangre por su asiento.',
      conjugatedSnippet: 'se hizo mala sangre',
      translation: 'Each one got worked up about his seat.',
      idiom: { text: 'hacerse mala sangre', translation: 'to get worked up; to fret' },
    }
    expect(gradeTranslation(seat, 'Each one got worked up about their seat.').accuracy).toBe(
      'perfect',
    )
  })
})
