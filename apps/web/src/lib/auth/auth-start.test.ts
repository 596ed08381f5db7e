import { describe, expect, it } from 'vitest'
import { isSigninCallback, safeReturnPath, withoutCallbackParams } from './auth-start'

describe('isSigninCallback', () => {
  it('is true for code and state, or error and state', () => {
    expect(isSigninCallback('?code=abc&state=xyz')).toBe(true)
    expect(isSigninCallback('?error=access_denied&state=xyz')).toBe(true)
  })

  it('is false without state, or with state alone', () => {
    expect(isSigninCallback('?code=abc')).toBe(false)
    expect(isSigninCallback('?state=xyz')).toBe(false)
    expect(isSigninCallback('')).toBe(false)
  })
})

describe('withoutCallbackParams', () => {
  it('removes code, state and error but keeps the rest of the address', () => {
    expect(
      withoutCallbackParams({
        pathname: '/app/calendar',
        search: '?code=a&state=b&iss=x&view=week',
        hash: '#top',
      }),
    ).toBe('/app/calendar?view=week#top')
    expect(
      withoutCallbackParams({
        pathname: '/',
        search: '?error=access_denied&error_description=no&state=b',
        hash: '',
      }),
    ).toBe('/')
  })
})

describe('safeReturnPath', () => {
  it('accepts same-site paths only', () => {
    expect(safeReturnPath('/app/dashboard')).toBe('/app/dashboard')
    expect(safeReturnPath('//evil.example')).toBeUndefined()
    expect(safeReturnPath('https://evil.example')).toBeUndefined()
    expect(safeReturnPath(undefined)).toBeUndefined()
  })
})
