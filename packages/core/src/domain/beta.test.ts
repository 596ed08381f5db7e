import { describe, expect, it } from 'vitest'
import { betaKeyFor, checkBetaPassword } from './beta.js'

describe('checkBetaPassword', () => {
  const testKey = 'salt-123'
  const betaKey = betaKeyFor('mate amargo', testKey)

  it('hashes password + testKey with SHA-256 (known vector)', () => {
    // printf 'abc' | sha256sum
    expect(betaKeyFor('ab', 'c')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })
  it('accepts the right password', () => {
    expect(checkBetaPassword('mate amargo', { betaKey, testKey })).toBe(true)
  })
  it('refuses a wrong password', () => {
    expect(checkBetaPassword('mate dulce', { betaKey, testKey })).toBe(false)
  })
  it('fails when either key is missing', () => {
    expect(checkBetaPassword('mate amargo', { betaKey, testKey: '' })).toBe(false)
    expect(checkBetaPassword('mate amargo', { betaKey: undefined, testKey })).toBe(false)
  })
})
