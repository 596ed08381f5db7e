import { describe, expect, it } from 'vitest'

import { tokeniseEnglish, tokeniseSpanish } from './tokenise.js'

describe('tokeniseSpanish', () => {
  it('drops inverted marks, ellipses, quotes and dashes', () => {
    const words = tokeniseSpanish('¿Viste? ¡Qué «bárbaro»… —dijo.').map((t) => t.norm)
    expect(words).toEqual(['viste', 'qué', 'bárbaro', 'dijo'])
  })
  it('keeps accents in norm and removes them in folded', () => {
    const [t] = tokeniseSpanish('Llegás')
    expect(t).toMatchObject({ surface: 'Llegás', norm: 'llegás', folded: 'llegas', index: 0 })
  })
  it('keeps an apostrophe inside a word', () => {
    expect(tokeniseSpanish("pa' que").map((t) => t.norm)).toEqual(['pa', 'que'])
    expect(tokeniseSpanish("O'Higgins").map((t) => t.norm)).toEqual(["o'higgins"])
  })
})

describe('tokeniseEnglish', () => {
  it('expands contractions', () => {
    expect(tokeniseEnglish("I can't, you're late and I'll go")).toEqual([
      'i',
      'can',
      'not',
      'you',
      'are',
      'late',
      'and',
      'i',
      'will',
      'go',
    ])
  })
  it('splits the possessive or "is" off as its own token', () => {
    expect(tokeniseEnglish("Mum's car")).toEqual(['mum', "'s", 'car'])
  })
})
