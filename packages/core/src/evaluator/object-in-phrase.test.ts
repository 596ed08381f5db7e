import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a meaning phrase with a slot for an object between its verb
// and its particle ("praise to the skies") is said around a long object ("praised the young
// chef's new menu to the skies"), so the reference's sense is found and the other sense is not
// accepted (decisions 055 session 18 and 067).
const clouds: EvaluatorExample = {
  text: 'Los diarios pusieron por las nubes el nuevo menú del chef.',
  conjugatedSnippet: 'pusieron por las nubes',
  translation: "The papers praised the chef's new menu to the skies.",
  idiom: {
    text: 'por las nubes',
    translation: 'sky-high; praised to the skies',
    senses: [
      ['sky-high', 'very expensive', 'through the roof'],
      ['praise to the skies', 'praised to the skies', 'sang his praises'],
    ],
  },
}

describe("a verb's object between a meaning phrase's verb and particle", () => {
  it('"said the menu was very expensive" gives the other sense: major', () => {
    expect(
      gradeTranslation(clouds, "The papers said the chef's new menu was very expensive.").accuracy,
    ).toBe('major')
  })

  it("the reference's own words around the object: perfect", () => {
    expect(
      gradeTranslation(clouds, "The papers praised the chef's new menu to the skies.").accuracy,
    ).toBe('perfect')
  })
})
