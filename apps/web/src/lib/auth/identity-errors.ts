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

const TRY_AGAIN = 'Press Login / Signup to try again.'

/** What to do next after each kind of sign-in failure (issue 16.9): every message has one. */
export const NEXT_STEPS: Record<string, string> = {
  timeout:
    'The sign-in did not answer in time. Check your connection, then press Login / Signup again.',
  cancelled: `The sign-in window was closed before you finished. ${TRY_AGAIN}`,
  state_mismatch: `This sign-in was started in another tab or has expired. ${TRY_AGAIN}`,
  missing_transaction: `This sign-in was started in another tab or has expired. ${TRY_AGAIN}`,
  request_error:
    'The sign-in service could not be reached. Check your connection, and open the app at the address you were given (it works at one address only), then press Login / Signup.',
  access_denied: `The sign-in was declined. ${TRY_AGAIN}`,
  login_required: 'Your session has ended. Press Login / Signup to sign in again.',
  invalid_grant: 'Your session has ended. Press Login / Signup to sign in again.',
  token_failed: 'Your session could not be renewed. Press Login / Signup to sign in again.',
  login_failed: `${TRY_AGAIN} If it keeps failing, report it with the bug report link on this page.`,
}

/** The spec's message (verbatim) followed by what to do next. */
export function withNextStep(error: IdentityError): string {
  const next = NEXT_STEPS[error.code] ?? NEXT_STEPS.login_failed
  return `${error.message}. ${next}`.replace(/\.\.\. ?\./, '...')
}
