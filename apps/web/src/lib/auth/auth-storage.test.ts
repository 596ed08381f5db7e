import { beforeEach, describe, expect, it, vi } from 'vitest'
import { isAuthStorageHealthy, repairAuthStorage } from './auth-storage'

beforeEach(() => localStorage.clear())

describe('repairAuthStorage', () => {
  it('leaves healthy storage alone', () => {
    localStorage.setItem(
      'oidc.user:http://localhost:3000/oidc:che-idioms-web',
      JSON.stringify({ id_token: 'x' }),
    )
    localStorage.setItem('other', 'not json')
    const reload = vi.fn()
    expect(repairAuthStorage(localStorage, reload)).toBe(false)
    expect(reload).not.toHaveBeenCalled()
    expect(localStorage.length).toBe(2)
  })

  it('clears corrupt auth entries and reloads the page', () => {
    localStorage.setItem('oidc.user:http://localhost:3000/oidc:che-idioms-web', '{not json')
    localStorage.setItem('oidc.3f2a', JSON.stringify({ id: '3f2a' }))
    localStorage.setItem('theme', 'dark')
    expect(isAuthStorageHealthy(localStorage)).toBe(false)
    const reload = vi.fn()
    expect(repairAuthStorage(localStorage, reload)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem('oidc.3f2a')).toBeNull()
    expect(localStorage.getItem('theme')).toBe('dark')
  })
})
