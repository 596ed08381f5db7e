/** Business constants of spec §9 that both server and web need. */
export const CONFIDENCE_DOTS = [0.5, 0.6, 0.7] as const
export const COPY_CONFIRMATION_MS = 1_500
export const LISTING_MAX_HEIGHT_PX = 500
export const MULTILINE_MIN_ROWS = 2
export const MULTILINE_MAX_ROWS = 8
export const MULTILINE_THRESHOLD_CHARS = 60
export const DEFAULT_SANDBOX_IMAGE = 'candle'
export const REPORT_STATE_NEW_AVAILABLE = 1
export const REPORT_STATE_NOT_YET = 4
export const TOKEN_EXPIRY_MARGIN_S = 60
export const BETA_COOKIE = 'betaKey'
/** Cookie the SPA sets while signed in, so a silent session check runs at start (spec §4). */
export const IS_AUTHENTICATED_COOKIE = 'che.is.authenticated'
export const IS_AUTHENTICATED_COOKIE_DAYS = 1

/** A settings or prompts value uses a multi-line field when it is long or spans lines. */
export function isMultiline(value: string): boolean {
  return value.length > MULTILINE_THRESHOLD_CHARS || /\r|\n/.test(value)
}

/** Offline practice (issue 13.3): exercises kept in the browser, by default and at most. */
export const DEFAULT_OFFLINE_EXERCISES = 20
export const MAX_OFFLINE_EXERCISES = 100
/** An answer synced later is scheduled at its answer time, at most this many days back. */
export const OFFLINE_ANSWER_MAX_AGE_DAYS = 14
/**
 * An answer is remembered by its attempt id this many days after it was graded, so a resend is
 * answered from memory instead of counted again; an answer given longer ago than that is refused
 * (it cannot be told from one already counted). docs/decisions/063.
 */
export const ATTEMPT_RETENTION_DAYS = 90
/** Attempts are deleted this many days after they were stored: the retention and a margin for clocks. */
export const ATTEMPT_DELETE_AFTER_DAYS = ATTEMPT_RETENTION_DAYS + 7
