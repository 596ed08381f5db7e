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
