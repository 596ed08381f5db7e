/**
 * Errors that mean "the database cannot be reached right now" (restart, failover, terminated
 * backend, network cut, pool exhausted while connecting) as opposed to a bug or bad data. The API
 * answers them 503 SERVICE_UNAVAILABLE with Retry-After instead of 500 INTERNAL.
 */
const UNAVAILABLE_CODES = new Set([
  // PostgreSQL SQLSTATEs: admin shutdown, crash shutdown, cannot connect now, too many connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // connection exceptions (class 08)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // socket errors from Node
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command/i

/** True when `err` (or any error in its `cause` chain) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err
  for (let depth = 0; current && depth < 6; depth++) {
    if (typeof current === 'object') {
      const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
      if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true
      if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true
      // AggregateError from a dual-stack connect (ECONNREFUSED on ::1 and 127.0.0.1)
      if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner)))
        return true
      current = e.cause
    } else return false
  }
  return false
}
