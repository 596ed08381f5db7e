import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts'
import { describe, expect, it } from 'vitest'
import { toIdentityError, withNextStep } from './identity-errors'

describe('toIdentityError', () => {
  it("maps a timeout to 'Timeout'", () => {
    expect(toIdentityError(new ErrorTimeout('IFrame timed out without a response'))).toMatchObject({
      code: 'timeout',
      message: 'Timeout',
    })
    expect(toIdentityError({ error: 'timeout' }).message).toBe('Timeout')
  })

  it("maps a closed popup to 'Popup closed'", () => {
    expect(toIdentityError(new Error('Popup closed by user'))).toEqual({
      code: 'cancelled',
      message: 'Popup closed',
    })
    expect(toIdentityError({ error: 'cancelled' }).message).toBe('Popup closed')
  })

  it("maps a state mismatch and a missing transaction to 'Invalid state'", () => {
    expect(toIdentityError(new Error('State does not match'))).toEqual({
      code: 'state_mismatch',
      message: 'Invalid state',
    })
    expect(toIdentityError(new Error('No matching state found in storage'))).toEqual({
      code: 'missing_transaction',
      message: 'Invalid state',
    })
    expect(toIdentityError({ error: 'missing_transaction' }).message).toBe('Invalid state')
  })

  it("falls back to 'HTTP error. Unable to fetch ...' for request errors", () => {
    expect(toIdentityError(new TypeError('Failed to fetch')).message).toBe(
      'HTTP error. Unable to fetch ...',
    )
    expect(toIdentityError(new Error('Bad Gateway (502)'))).toEqual({
      code: 'request_error',
      message: 'HTTP error. Unable to fetch ...',
    })
    expect(toIdentityError({ error: 'request_error' }).message).toBe(
      'HTTP error. Unable to fetch ...',
    )
  })

  it('keeps the OAuth error code and shows its description', () => {
    const error = new ErrorResponse({
      error: 'login_required',
      error_description: 'End-User authentication is required',
    })
    expect(toIdentityError(error)).toEqual({
      code: 'login_required',
      message: 'End-User authentication is required',
      description: 'End-User authentication is required',
    })
  })

  it("defaults to 'Login failed' for sign-in and 'Get access token failed' for tokens", () => {
    expect(toIdentityError(new Error('something odd'), 'login')).toEqual({
      code: 'login_failed',
      message: 'Login failed',
    })
    expect(toIdentityError(new Error('something odd'), 'token')).toEqual({
      code: 'token_failed',
      message: 'Get access token failed',
    })
    expect(toIdentityError({ error: 'mfa_required' }, 'token')).toEqual({
      code: 'mfa_required',
      message: 'Get access token failed',
    })
  })
})

describe('withNextStep', () => {
  it('keeps each spec message verbatim and adds a next step to every kind of failure', () => {
    const cases: [unknown, 'login' | 'token', string, RegExp][] = [
      [{ error: 'timeout' }, 'login', 'Timeout', /Check your connection/],
      [new Error('Popup closed by user'), 'login', 'Popup closed', /closed before you finished/],
      [{ error: 'state_mismatch' }, 'login', 'Invalid state', /another tab/],
      [new TypeError('Failed to fetch'), 'login', 'HTTP error. Unable to fetch ...', /one address/],
      [{ error: 'access_denied' }, 'login', 'Login failed', /declined/],
      [new Error('boom'), 'login', 'Login failed', /report it/],
      [new Error('boom'), 'token', 'Get access token failed', /sign in again/],
    ]
    for (const [raw, context, spec, next] of cases) {
      const text = withNextStep(toIdentityError(raw, context))
      expect(text.startsWith(spec), text).toBe(true)
      expect(text).toMatch(next)
      expect(text).toMatch(/Login \/ Signup/)
    }
  })
})
