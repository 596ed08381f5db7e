/** User-facing messages for identity-provider errors (spec §8). */
export const IDENTITY_MESSAGES = {
  timeout: 'Timeout',
  cancelled: 'Popup closed',
  invalidState: 'Invalid state',
  requestError: 'HTTP error. Unable to fetch ...',
  loginFailed: 'Login failed',
  tokenFailed: 'Get access token failed',
} as const

export type IdentityContext = 'login' | 'token'

export interface IdentityError {
  /** A stable code: the OAuth `error` value or one of the spec's client-side codes. */
  code: string
  message: string
  description?: string
}

function field(error: unknown, name: string): unknown {
  return error && typeof error === 'object' && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined
}

/**
 * Classify an error from oidc-client-ts or the provider. `context` picks the default message:
 * 'Login failed' for sign-in, 'Get access token failed' for token work.
 */
export function toIdentityError(error: unknown, context: IdentityContext = 'login'): IdentityError {
  const fallback =
    context === 'login' ? IDENTITY_MESSAGES.loginFailed : IDENTITY_MESSAGES.tokenFailed
  const oauthError = field(error, 'error')
  const description = field(error, 'error_description')
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  const name = error instanceof Error ? error.name : ''
  const desc = typeof description === 'string' ? description : undefined

  const code = typeof oauthError === 'string' ? oauthError : undefined
  if (code === 'timeout' || name === 'ErrorTimeout' || /timed? ?out/i.test(message)) {
    return { code: 'timeout', message: IDENTITY_MESSAGES.timeout }
  }
  if (code === 'cancelled' || /popup (window )?closed|closed by user/i.test(message)) {
    return { code: 'cancelled', message: IDENTITY_MESSAGES.cancelled }
  }
  if (code === 'state_mismatch' || /state does not match/i.test(message)) {
    return { code: 'state_mismatch', message: IDENTITY_MESSAGES.invalidState }
  }
  if (code === 'missing_transaction' || /no matching state|no state in response/i.test(message)) {
    return { code: 'missing_transaction', message: IDENTITY_MESSAGES.invalidState }
  }
  if (code === 'request_error') {
    return { code, message: IDENTITY_MESSAGES.requestError }
  }
  if (code) {
    const result: IdentityError = { code, message: desc ?? fallback }
    if (desc) result.description = desc
    return result
  }
  if (
    name === 'TypeError' ||
    /failed to fetch|network|\(\d{3}\)|invalid response content-type/i.test(message)
  ) {
    return { code: 'request_error', message: IDENTITY_MESSAGES.requestError }
  }
  return { code: context === 'login' ? 'login_failed' : 'token_failed', message: fallback }
}
