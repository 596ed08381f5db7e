import { describe, expect, it } from 'vitest'
import { avatarInitials } from './avatar.js'

describe('avatarInitials', () => {
  it('takes the first letters of the first two words, uppercased', () => {
    expect(avatarInitials('maría laura gómez')).toBe('ML')
  })
  it('gives one letter for a one-word name', () => {
    expect(avatarInitials('Ñandú')).toBe('Ñ')
  })
  it('gives U with no name', () => {
    expect(avatarInitials('')).toBe('U')
    expect(avatarInitials(null)).toBe('U')
    expect(avatarInitials('   ')).toBe('U')
  })
})
