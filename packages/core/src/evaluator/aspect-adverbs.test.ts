import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { isFunctionWord } from './english.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): adverbs of frequency and aspect ("already", "sometimes",
// "usually") colour a sentence as "really" or "still" do; they are not details to translate.
const cake: EvaluatorExample = {
  text: 'Ya vendí el auto, fue pan comido.',
  conjugatedSnippet: 'fue pan comido',
  translation: 'I already sold the car, it was a piece of cake.',
  idiom: {
    text: 'ser pan comido',
    translation: 'to be a piece of cake',
    meanings: ['be a piece of cake', 'be a walk in the park'],
    literals: ['be eaten bread'],
  },
}

describe('an adverb of frequency or aspect left out or added', () => {
  it('costs no grade: "I sold the car" for "I already sold the car" is perfect', () => {
    expect(gradeTranslation(cake, 'I sold the car, it was a piece of cake.').accuracy).toBe(
      'perfect',
    )
    expect(
      gradeTranslation(cake, 'I sold the car, it was a piece of cake, as usual.').accuracy,
    ).toBe('perfect')
  })

  it('a changed thing is still a slip that names it', () => {
    const r = gradeTranslation(cake, 'I already sold the bike, it was a piece of cake.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('You wrote "bike" where the sentence says "car".')
  })

  it('only these: "always" and "almost" still count', () => {
    for (const w of ['already', 'sometimes', 'usually', 'often', 'yet', 'anymore', 'also'])
      expect(isFunctionWord(w)).toBe(true)
    for (const w of ['always', 'almost', 'ever']) expect(isFunctionWord(w)).toBe(false)
  })
})
