import { describe, expect, it } from 'vitest'
import { findControlCharacters } from './control-characters.js'

describe('findControlCharacters', () => {
  it('names every field whose text holds NUL or another control character', () => {
    expect(
      findControlCharacters({
        title: 'a\u0000b',
        labels: ['ok', 'bell\u0007'],
        nested: { deep: 'esc\u001b[0m', fine: 'tab\tnew\nline\r' },
        'key\u0000': 'value',
      }),
    ).toEqual([
      { field: 'title', message: expect.any(String) },
      { field: 'labels.1', message: expect.any(String) },
      { field: 'nested.deep', message: expect.any(String) },
      { field: 'key\u0000', message: expect.any(String) },
    ])
  })

  it('accepts tabs, line breaks, accents and emoji, and non-string values', () => {
    expect(findControlCharacters({ a: 'ñandú\t\r\n 🧉', b: 1, c: null, d: [true] })).toEqual([])
  })

  it('refuses DEL and names a bare string as the body', () => {
    expect(findControlCharacters('x\u007f')).toEqual([
      { field: '(body)', message: expect.any(String) },
    ])
    expect(findControlCharacters('x\u007f', 'q')).toEqual([
      { field: 'q', message: expect.any(String) },
    ])
  })

  it('refuses a lone surrogate (half an emoji), which PostgreSQL cannot store, but keeps whole pairs', () => {
    expect(findControlCharacters({ a: '\ud800', b: 'x\udc00y', c: '🧉\ud83e' })).toEqual([
      { field: 'a', message: expect.any(String) },
      { field: 'b', message: expect.any(String) },
      { field: 'c', message: expect.any(String) },
    ])
    expect(findControlCharacters({ ok: 'mate 🧉 y ñandú' })).toEqual([])
  })
})
