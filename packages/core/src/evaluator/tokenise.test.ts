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
  it('reads contractions typed without an apostrophe, as on a phone', () => {
    expect(tokeniseEnglish('dont believe him hes always been a fraud')).toEqual(
      tokeniseEnglish("don't believe him he's always been a fraud"),
    )
    expect(tokeniseEnglish('im sure they didnt and i cant, it wont work')).toEqual(
      tokeniseEnglish("I'm sure they didn't and I can't, it won't work"),
    )
  })
  it('leaves words that are also other words as they are ("its", "were", "well", "ill", "id")', () => {
    expect(tokeniseEnglish('its well were ill id lets shed')).toEqual(
      'its well were ill id lets shed'.split(' '),
    )
  })
})
