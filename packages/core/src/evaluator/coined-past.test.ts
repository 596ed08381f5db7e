import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a past form between a number and a noun modifies the noun
// ("two left feet" is no past of "leave"), and a word in -ed the lexicon lacks, right after a
// subject pronoun, is a past all the same ("I texted her": the lexicon has "text" only as a
// noun) (countedModifier and coinedPastAt in translation.ts, decision 055, session 16, third
// round).
const dancer: EvaluatorExample = {
  text: 'Mi primo es un tronco para bailar, no lo saques a la pista.',
  conjugatedSnippet: 'es un tronco',
  translation: "My cousin is hopeless at dancing, so don't take him onto the dance floor.",
  idiom: {
    text: 'ser un tronco',
    translation: 'to be hopeless at something; to be clumsy',
    meanings: ['be hopeless at', 'have two left feet', 'two left feet'],
  },
}

const precaution: EvaluatorExample = {
  text: 'Por las dudas, le mandé a mi hermana el número de vuelo.',
  conjugatedSnippet: 'Por las dudas',
  translation: 'Just in case, I sent my sister the flight number.',
  idiom: {
    text: 'por las dudas',
    translation: 'just in case',
    meanings: ['just in case', 'to be on the safe side', 'on the safe side'],
  },
}

describe('a past form before a counted noun', () => {
  it('"has got two left feet" for "is hopeless at" is the present: perfect', () => {
    const grade = gradeTranslation(
      dancer,
      "My cousin has got two left feet, so don't take him onto the dance floor.",
    )
    expect(grade.accuracy).toBe('perfect')
  })
  it('"had two left feet" is still a past: minor, "Check the tense"', () => {
    const grade = gradeTranslation(
      dancer,
      "My cousin had two left feet, so don't take him onto the dance floor.",
    )
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('Check the tense')
  })
})

describe('a past in -ed the lexicon lacks', () => {
  it('"I texted my sister" for "I sent my sister" keeps the past: perfect', () => {
    const grade = gradeTranslation(
      precaution,
      'I texted my sister the flight number, to be on the safe side.',
    )
    expect(grade.accuracy).toBe('perfect')
  })
  it('"I text my sister" is a present: minor, "Check the tense"', () => {
    const grade = gradeTranslation(
      precaution,
      'I text my sister the flight number, to be on the safe side.',
    )
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('Check the tense')
  })
})

// "just" before a past form with no "have" or "be" before it is an adverb of a simple past
// (adverbOfPast in translation.ts)
const sentJust: EvaluatorExample = {
  ...precaution,
  translation: 'Just in case, I just sent my sister the flight number.',
}

describe('"just" before a simple past', () => {
  it('"I sent" for "I just sent" keeps the past: perfect', () => {
    const grade = gradeTranslation(
      sentJust,
      'I sent my sister the flight number, to be on the safe side.',
    )
    expect(grade.accuracy).toBe('perfect')
  })
  it('"I send" for "I just sent" is a present: minor, "Check the tense"', () => {
    const grade = gradeTranslation(
      sentJust,
      'I send my sister the flight number, to be on the safe side.',
    )
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('Check the tense')
  })
})
