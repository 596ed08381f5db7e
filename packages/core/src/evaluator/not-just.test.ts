import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): "not just X" and "more than X" say the same; the "not" of a
// limit ("don't want to just …", "not only") is no negation of the statement against a "more
// than" in the other text (decision 055, session 18).
const scrape: EvaluatorExample = {
  text: 'Este cuatrimestre no quiere zafar nomás; quiere sacar las mejores notas.',
  conjugatedSnippet: 'zafar',
  translation: "This term she doesn't want to just get by; she wants the top marks.",
  idiom: {
    text: 'zafar',
    translation: 'to get by; to scrape through',
    meanings: ['get by', 'scrape through', 'scrape by'],
  },
}

describe('"not just" said as "more than"', () => {
  it('"wants more than to get by" for "doesn\'t want to just get by" is perfect', () => {
    expect(
      gradeTranslation(scrape, 'This term she wants more than to get by; she wants the top marks.')
        .accuracy,
    ).toBe('perfect')
  })

  it('"wants to just get by" (no "more than") is still the opposite: major', () => {
    expect(
      gradeTranslation(scrape, 'This term she wants to just get by; she wants the top marks.')
        .accuracy,
    ).toBe('major')
  })
})
