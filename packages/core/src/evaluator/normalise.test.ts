import { describe, expect, it } from 'vitest'

import { fold, hasAccent, nfc, stripAccents } from './normalise.js'

describe('normalise', () => {
  it('treats decomposed and precomposed accents as the same text', () => {
    expect(nfc('cafe\u0301')).toBe('café')
  })
  it('removes accents but keeps ñ', () => {
    expect(stripAccents('Mañana pingüino está')).toBe('Mañana pinguino esta')
    expect(stripAccents('n\u0303')).toBe('ñ')
  })
  it('folds case and accents', () => {
    expect(fold('ÁRBOL')).toBe('arbol')
  })
  it('knows when a word carries an accent', () => {
    expect(hasAccent('sí')).toBe(true)
    expect(hasAccent('año')).toBe(false)
  })
})
