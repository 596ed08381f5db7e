import type { FastifyError, FastifyInstance } from 'fastify'
import { ZodError } from 'zod'
import type { ErrorBody } from '@che/core'
import { isDatabaseUnavailable } from '../db/faults.js'
import { AppError, RateLimitedError } from '../errors.js'

/** Seconds a client is told to wait (Retry-After) while the database is unreachable. */
export const DB_RETRY_AFTER_S = 5

/** Turn a zod error into the `details` of a VALIDATION_FAILED body: one entry per bad field. */
export function zodDetails(err: ZodError): { field: string; message: string }[] {
  return err.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }))
}

/** One error handler for the whole API: every failure leaves as {code, message, details?}. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError | Error, request, reply) => {
    let status = 500
    let body: ErrorBody = { code: 'INTERNAL', message: 'Something went wrong on our side' }
    if (err instanceof AppError) {
      status = err.status
      body = {
        code: err.code,
        message: err.message,
        ...(err.details === undefined ? {} : { details: err.details }),
      }
      if (err instanceof RateLimitedError) void reply.header('retry-after', String(err.retryAfterS))
    } else if (err instanceof ZodError) {
      status = 400
      body = {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        details: zodDetails(err),
      }
    } else if (isDatabaseUnavailable(err)) {
      status = 503
      body = {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database is unavailable right now; try again in a few seconds',
      }
      void reply.header('retry-after', String(DB_RETRY_AFTER_S))
    } else if ('statusCode' in err && typeof err.statusCode === 'number' && err.statusCode < 500) {
      status = err.statusCode
      body = { code: fastifyCode(err as FastifyError), message: err.message }
    }
    // Server-side failures carry the request id, so a user's report can be matched to the logs.
    const dbDown = status === 503 && !(err instanceof AppError) && isDatabaseUnavailable(err)
    if ((status === 500 || dbDown) && body.details === undefined)
      body = { ...body, details: { requestId: request.id } }
    if (dbDown) request.log.warn({ err: { message: err.message } }, 'database unavailable')
    else if (status >= 500) request.log.error({ err }, 'request failed')
    else request.log.info({ code: body.code, status }, body.message)
    void reply.status(status).send(body)
  })
}

function fastifyCode(err: FastifyError): ErrorBody['code'] {
  switch (err.statusCode) {
    case 401:
      return 'UNAUTHENTICATED'
    case 403:
      return 'FORBIDDEN'
    case 404:
      return 'NOT_FOUND'
    case 413:
      return 'PAYLOAD_TOO_LARGE'
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE'
    case 429:
      return 'RATE_LIMITED'
    default:
      return 'VALIDATION_FAILED'
  }
}
