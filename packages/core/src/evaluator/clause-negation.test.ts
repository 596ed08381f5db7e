import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): one "not" said at another word of the idiom's clause (its
// verb, its subject, its object) denies the same thing, though it stands right before the idiom's
// words in one text only (clauseNegative in translation.ts, decision 055, session 17). A "not"
// of another clause ("I didn't say he …") still does not reach the idiom.
const rush = (translation: string, text: string): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'a las corridas',
  translation,
  idiom: {
    text: 'a las corridas',
    translation: 'in a rush; hurriedly',
    meanings: ['in a rush', 'in a hurry', 'rush', 'hurriedly'],
  },
})
const lease = rush(
  "Don't sign the lease in a rush; read it first.",
  'No firmes el contrato de alquiler a las corridas; leelo primero.',
)
const said = rush("I didn't say he signed in a rush.", 'No dije que firmó a las corridas.')

const sleep: EvaluatorExample = {
  text: 'Si no apolillo ocho horas, no sirvo para nada.',
  conjugatedSnippet: 'apolillo',
  translation: "If I don't sleep eight hours, I'm useless.",
  idiom: {
    text: 'apolillar',
    translation: 'to sleep; to snooze',
    meanings: ['sleep', 'snooze', 'get some sleep'],
  },
}

describe("a negator at another word of the idiom's clause", () => {
  it('"don\'t rush into signing the lease" for "don\'t sign the lease in a rush" is not the opposite', () => {
    const result = gradeTranslation(lease, "Don't rush into signing the lease; read it first.")
    expect(result.accuracy).not.toBe('major')
    expect(result.feedback).not.toContain('opposite')
  })

  it('"if I don\'t get eight hours of sleep" for "if I don\'t sleep eight hours" is not the opposite', () => {
    const result = gradeTranslation(sleep, "If I don't get eight hours of sleep, I'm useless.")
    expect(result.accuracy).not.toBe('major')
  })

  it('the negation dropped is still the opposite', () => {
    expect(gradeTranslation(lease, 'Sign the lease in a rush; read it first.').accuracy).toBe(
      'major',
    )
    expect(gradeTranslation(sleep, "If I get eight hours of sleep, I'm useless.").accuracy).toBe(
      'major',
    )
  })

  it('a "not" of another clause does not reach the idiom: "I said he didn\'t sign in a rush" for "I didn\'t say he signed in a rush" is major', () => {
    expect(gradeTranslation(said, "I said he didn't sign in a rush.").accuracy).toBe('major')
  })
})
