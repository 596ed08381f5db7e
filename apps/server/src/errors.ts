import type { ErrorCode } from '@che/core'

/** An error with a stable code and HTTP status; the error handler turns it into {code, message, details}. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

/** 429 RATE_LIMITED; the error handler tells the client when to retry (Retry-After, seconds). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(429, 'RATE_LIMITED', message)
    this.name = 'RateLimitedError'
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'VALIDATION_FAILED', message, details)
export const unauthenticated = (message = 'Sign in to continue') =>
  new AppError(401, 'UNAUTHENTICATED', message)
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, 'FORBIDDEN', message)
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`)
export const conflict = (message: string, details?: unknown) =>
  new AppError(409, 'CONFLICT', message, details)
export const notImplemented = (what: string) =>
  new AppError(501, 'NOT_IMPLEMENTED', `${what} is not built yet`)
export const unavailable = (message: string) => new AppError(503, 'SERVICE_UNAVAILABLE', message)

/** A readable message from anything thrown. */
export function toMessage(err: unknown): string {
  if (err instanceof Error) return err.message
  return typeof err === 'string' ? err : JSON.stringify(err)
}
