import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { areOpposites } from './english.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): the idiom is rendered, but a word of the sentence is swapped
// for its everyday opposite.
const cake: EvaluatorExample = {
  text: 'Vendí el auto en un día, fue pan comido.',
  conjugatedSnippet: 'fue pan comido',
  translation: 'I sold the car in a day, it was a piece of cake.',
  idiom: {
    text: 'ser pan comido',
    translation: 'to be a piece of cake',
    meanings: ['be a piece of cake', 'be a walk in the park'],
    literals: ['be eaten bread'],
  },
}

describe('a word swapped for its opposite', () => {
  it('is the sentence reversed, a major that names both words', () => {
    const r = gradeTranslation(cake, 'I bought the car in a day, it was a piece of cake.')
    expect(r).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
    expect(r.feedback).toBe(
      'Your translation says the opposite: you wrote "bought" where the sentence says "sold".',
    )
  })

  it('other words for the same thing stay perfect', () => {
    expect(
      gradeTranslation(cake, 'I sold the car within a day, it was a walk in the park.').accuracy,
    ).toBe('perfect')
  })

  it('knows everyday opposites both ways, phrasal verbs too', () => {
    expect(areOpposites('stay', 'head off')).toBe(true)
    expect(areOpposites('head off', 'stay')).toBe(true)
    expect(areOpposites('sell', 'buy')).toBe(true)
    expect(areOpposites('leave', 'depart')).toBe(false)
  })
})
