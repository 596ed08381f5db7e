import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a noun that many of the idiom's literal readings give ("car"
// in "and the sea in a car", "the sea by car" …), added by the learner where no reference has it,
// is that idiom word read literally, even without the literal's other words (decision 055,
// session 18, after the fifteenth set).
const whatnot: EvaluatorExample = {
  text: 'En la feria venden fruta, verdura, queso y la mar en coche.',
  conjugatedSnippet: 'y la mar en coche',
  translation: 'At the fair they sell fruit, vegetables, cheese and whatnot.',
  idiom: {
    text: 'y la mar en coche',
    translation: 'and whatnot, and all the rest',
    meanings: ['and whatnot', 'and all the rest'],
    literals: [
      'and the sea in a car',
      'the sea by car',
      'and the sea in the car',
      'the sea in coach',
    ],
  },
}

describe("a steady literal word of the idiom's", () => {
  it('"sell fruit, vegetables and cheese by car" reads "en coche" literally: major', () => {
    const result = gradeTranslation(
      whatnot,
      'At the fair they sell fruit, vegetables and cheese by car.',
    )
    expect(result.accuracy).toBe('major')
    expect(result.mistakeType).toBe('literal')
  })

  it('"and all the rest" says the meaning: perfect', () => {
    expect(
      gradeTranslation(whatnot, 'At the fair they sell fruit, vegetables, cheese and all the rest.')
        .accuracy,
    ).toBe('perfect')
  })

  it('a verb the literals give ("send"), used for another of the sentence\'s words: perfect', () => {
    const blunder: EvaluatorExample = {
      text: 'Me mandé una cagada: reenvié la foto a todo el grupo.',
      conjugatedSnippet: 'Me mandé una cagada',
      translation: 'I screwed up big time: I forwarded the photo to the whole group.',
      idiom: {
        text: 'mandarse una cagada',
        translation: 'to screw up big time',
        meanings: ['screw up', 'mess up'],
        literals: [
          'send oneself a shit',
          'send a shit',
          'sent myself a shit',
          'send yourself a turd',
        ],
      },
    }
    expect(
      gradeTranslation(blunder, 'I really messed up: I sent the photo to the whole group.')
        .accuracy,
    ).toBe('perfect')
  })
})
