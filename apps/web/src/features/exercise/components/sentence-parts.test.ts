import { describe, expect, it } from 'vitest'
import { sentenceParts } from './sentence-parts'

describe('sentenceParts', () => {
  it('marks the snippet words and the missed words, keeping the text intact', () => {
    const text = 'Ayer me tomé el palo porque era un embole.'
    const parts = sentenceParts(text, 'me tomé el palo', ['Tomé', 'embole'])
    expect(parts.map((p) => p.text).join('')).toBe(text)
    expect(parts.filter((p) => p.snippet).map((p) => p.text)).toEqual(['me', 'tomé', 'el', 'palo'])
    expect(parts.filter((p) => p.missed).map((p) => p.text)).toEqual(['tomé', 'embole'])
  })

  it('marks no snippet when the snippet is not in the sentence', () => {
    expect(sentenceParts('Che, boludo.', 'de una', []).some((p) => p.snippet)).toBe(false)
  })
})
