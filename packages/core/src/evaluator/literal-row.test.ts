import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): an idiom whose meaning list shares a word with its literal
// reading ("be clear" / "have it clear"), so the literal's own words are not enough to tell.
const clear: EvaluatorExample = {
  text: 'Preguntale a Beto por los impuestos, la tiene re clara.',
  conjugatedSnippet: 'la tiene re clara',
  translation: 'Ask Beto about the taxes, he knows his stuff.',
  idiom: {
    text: 'tenerla clara',
    translation: "to know one's stuff",
    meanings: ["know one's stuff", 'be clear', 'have a clear head'],
    literals: ['have it clear'],
  },
}
const grade = (text: string) => gradeTranslation(clear, text)

describe('a literal phrase said word for word', () => {
  it('is the literal reading even when a meaning phrase shares its word', () => {
    for (const answer of [
      'Ask Beto about the taxes, he has it clear.',
      // small words between, any verb form
      'Ask Beto about the taxes, he has it really clear.',
    ])
      expect(grade(answer), answer).toMatchObject({ accuracy: 'major', mistakeType: 'literal' })
  })

  it('a meaning phrase that says more than the literal words is the idiom', () => {
    expect(grade('Ask Beto about the taxes, he has a clear head.').accuracy).toBe('perfect')
    expect(grade('Ask Beto about the taxes, he knows his stuff.').accuracy).toBe('perfect')
  })
})

// Made up: a formal idiom whose literal reading puts the verb's object inside the phrase.
const showcase: EvaluatorExample = {
  text: 'El museo puso en valor la colección de mapas antiguos.',
  conjugatedSnippet: 'puso en valor',
  translation: 'The museum highlighted its collection of old maps.',
  idiom: {
    text: 'poner en valor',
    translation: 'to showcase; to highlight the worth of',
    meanings: ['showcase', 'highlight', 'value', 'bring out the value of'],
    literals: ['put in value'],
  },
}

describe("a literal phrase with the verb's object inside it", () => {
  it('is the literal reading', () => {
    for (const answer of [
      'The museum put its collection of old maps in value.',
      'The museum put the collection in value.',
    ])
      expect(gradeTranslation(showcase, answer), answer).toMatchObject({
        accuracy: 'major',
        mistakeType: 'literal',
      })
  })

  it('a meaning phrase said with the object is the idiom', () => {
    expect(
      gradeTranslation(showcase, 'The museum brought out the value of its collection of old maps.')
        .accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(showcase, 'The museum highlighted the value of its collection of old maps.')
        .accuracy,
    ).toBe('perfect')
  })
})
