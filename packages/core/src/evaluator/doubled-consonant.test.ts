import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { lemmasOf, verbLemma } from './english.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a verb form with its last consonant doubled that the
// lemmatiser does not know is read as its verb (undoubledStem in english.ts, session 14,
// decision 055).
describe('a doubled last consonant', () => {
  it('"scammed" and "scamming" are forms of "scam"; "added" stays "add"', () => {
    expect(lemmasOf('scammed')).toContain('scam')
    expect(verbLemma('scamming')).toBe('scam')
    expect(lemmasOf('added')).not.toContain('ad')
    expect(verbLemma('added')).toBe('add')
  })

  it('"scammed" says a gloss "to scam"', () => {
    const shop: EvaluatorExample = {
      text: 'En ese local lo curraron a mi primo con un celular trucho.',
      conjugatedSnippet: 'lo curraron',
      translation: 'In that shop they ripped my cousin off with a fake phone.',
      idiom: { text: 'currar', translation: 'to scam, to rip off' },
    }
    expect(
      gradeTranslation(shop, 'In that shop they scammed my cousin with a fake phone.').accuracy,
    ).toBe('perfect')
  })
})
