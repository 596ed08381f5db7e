import { describe, expect, it } from 'vitest'

import { isShortWord, isVoseoSwap, soundKey, tuFormsOf } from './spanish.js'

describe('spanish', () => {
  it('merges ll/y, s/z/c and b/v in the sound key', () => {
    expect(soundKey('calle')).toBe(soundKey('caye'))
    expect(soundKey('cabeza')).toBe(soundKey('cabesa'))
    expect(soundKey('hacer')).toBe(soundKey('haser'))
    expect(soundKey('vaca')).toBe(soundKey('baca'))
    expect(soundKey('casa')).not.toBe(`${soundKey('caza')}x`)
  })
  it('derives tú forms from vos forms, with stem changes', () => {
    expect(tuFormsOf('podés')).toContain('puedes')
    expect(tuFormsOf('vivís')).toContain('vives')
    expect(tuFormsOf('pensá')).toContain('piensa')
    expect(tuFormsOf('sos')).toEqual(['eres'])
    expect(tuFormsOf('casa')).toEqual([])
  })
  it('spots a voseo swap only when the spelling changes', () => {
    expect(isVoseoSwap('sabés', 'sabes')).toBe(false)
    expect(isVoseoSwap('dormís', 'duermes')).toBe(true)
  })
  it('calls articles, clitics and "che" short words', () => {
    expect(isShortWord('che')).toBe(true)
    expect(isShortWord('los')).toBe(true)
    expect(isShortWord('ventana')).toBe(false)
  })
})
