import type { User } from 'oidc-client-ts'
import { describe, expect, it } from 'vitest'
import { authReducer, initialAuthState } from './auth-reducer'
import type { AuthState } from './auth-reducer'

const user = (expired = false) =>
  ({ expired, access_token: 'token', profile: { sub: 'u1' } }) as unknown as User
const signedIn: AuthState = { loading: false, authenticated: true, user: user(), error: null }

describe('authReducer', () => {
  it('starts loading and signed out', () => {
    expect(initialAuthState).toEqual({
      loading: true,
      authenticated: false,
      user: null,
      error: null,
    })
  })

  it('ends loading when initialised, signed in with a user', () => {
    const u = user()
    expect(authReducer(initialAuthState, { type: 'initialised', user: u })).toEqual({
      loading: false,
      authenticated: true,
      user: u,
      error: null,
    })
  })

  it('ends loading when initialised without a user', () => {
    expect(authReducer(initialAuthState, { type: 'initialised', user: null })).toEqual({
      loading: false,
      authenticated: false,
      user: null,
      error: null,
    })
  })

  it('treats an expired user as signed out', () => {
    const next = authReducer(initialAuthState, { type: 'initialised', user: user(true) })
    expect(next.authenticated).toBe(false)
    expect(next.user).toBeNull()
  })

  it('signs in when a redirect is handled', () => {
    const u = user()
    const next = authReducer(initialAuthState, { type: 'redirect-handled', user: u })
    expect(next).toMatchObject({ loading: false, authenticated: true, user: u })
  })

  it('sets loading again when a popup login starts, and clears the last error', () => {
    const failed = { ...initialAuthState, loading: false, error: 'Popup closed' }
    expect(authReducer(failed, { type: 'popup-login-started' })).toMatchObject({
      loading: true,
      error: null,
    })
  })

  it('ends loading when an access token is obtained (popup login completes)', () => {
    const u = user()
    const next = authReducer(
      { ...initialAuthState, loading: true },
      { type: 'access-token-obtained', user: u },
    )
    expect(next).toMatchObject({ loading: false, authenticated: true, user: u })
  })

  it('clears the user and the authenticated flag on logout', () => {
    expect(authReducer(signedIn, { type: 'logout' })).toEqual({
      loading: false,
      authenticated: false,
      user: null,
      error: null,
    })
  })

  it('stores an error and ends loading, keeping the session as it was', () => {
    const next = authReducer(
      { ...signedIn, loading: true },
      { type: 'error', error: 'Login failed' },
    )
    expect(next).toEqual({ ...signedIn, loading: false, error: 'Login failed' })
  })
})
