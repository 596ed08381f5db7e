import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): "had" after "has", "have" or "'s" (adverbs between) is the
// participle of a present perfect, not a past (perfectHadAt in translation.ts, session 14,
// decision 055).
const garage: EvaluatorExample = {
  text: 'Los consejos de mi tío sobre autos, tomalos con pinzas: nunca tuvo un taller.',
  conjugatedSnippet: 'tomalos con pinzas',
  translation: "Take my uncle's tips about cars with a grain of salt, he's never had a garage.",
  idiom: {
    text: 'tomar con pinzas',
    translation: 'to take with a grain of salt',
    meanings: ['take with a grain of salt', 'take with a pinch of salt', 'be wary of'],
  },
}

describe('"had" in a present perfect', () => {
  it('"he\'s never run a garage" for "he\'s never had a garage" is no tense slip', () => {
    expect(
      gradeTranslation(
        garage,
        "Take my uncle's tips about cars with a grain of salt, he's never run a garage.",
      ).accuracy,
    ).toBe('perfect')
  })

  it('a past "had" is still the past', () => {
    const grade = gradeTranslation(
      garage,
      "Take my uncle's tips about cars with a grain of salt, he never had a garage.",
    )
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('Check the tense')
  })
})
