import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): one word of the learner's says one word of the reference. A
// reference word matched only through a learner's word that stands, as itself, for another word
// of the reference is left out (saidOnlyByTakenWords in translation.ts, session 15, decision 055).
const taxi: EvaluatorExample = {
  text: 'Si vas a escabiar, dejá el auto en casa y pedite un taxi.',
  conjugatedSnippet: 'escabiar',
  translation: "If you're going to drink, leave the car at home and call a taxi.",
  idiom: {
    text: 'escabiar',
    translation: 'to booze; to drink alcohol',
    meanings: ['drink', 'booze', 'drink alcohol', 'hit the bottle'],
  },
}

describe('one word of the learner says one word of the reference', () => {
  it('"leave the car at home." leaves out "call a taxi": the learner\'s "car" is the reference\'s "car"', () => {
    const grade = gradeTranslation(taxi, "If you're going to drink, leave the car at home.")
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('You left out part of the sentence')
    expect(grade.feedback).toContain('taxi')
  })

  it('"call a cab" says "call a taxi": a word of its own, not one taken', () => {
    expect(
      gradeTranslation(taxi, "If you're going to drink, leave the car at home and call a cab.")
        .accuracy,
    ).toBe('perfect')
  })
})
