import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): "well" is an interjection among the function words, but in
// an idiom's literal reading it is the plain sense of the idiom's "bien" (PLAIN_ADVERBS,
// literalAdverbSaid in translation.ts, session 14, decision 055).
const permit: EvaluatorExample = {
  text: 'Si el intendente tiene a bien firmar el permiso, abrimos el lunes.',
  conjugatedSnippet: 'tiene a bien',
  translation: 'If the mayor sees fit to sign the permit, we open on Monday.',
  idiom: {
    text: 'tener a bien',
    translation: 'to kindly (do something)',
    meanings: ['kindly', 'see fit to', 'be kind enough to', 'be so kind as to'],
    literals: ['have to well', 'have well'],
  },
}

describe('a plain adverb of a literal reading', () => {
  it('"is well enough to sign" for "sees fit to sign" is the word-for-word reading', () => {
    const grade = gradeTranslation(
      permit,
      'If the mayor is well enough to sign the permit, we open on Monday.',
    )
    expect(grade.accuracy).toBe('major')
    expect(grade.feedback).toContain('That is the word-for-word reading')
    expect(grade.feedback).toContain('it means "to kindly (do something)"')
  })

  it('"well" as an interjection, "as well" or beside a meaning said elsewhere is no literal', () => {
    for (const answer of [
      'Well, if the mayor sees fit to sign the permit, we open on Monday.',
      'If the mayor is kind enough to sign the permit as well, we open on Monday.',
      'If the mayor kindly signs the permit, we open on Monday, so plan well.',
    ])
      expect(gradeTranslation(permit, answer).accuracy, answer).not.toBe('major')
  })
})
