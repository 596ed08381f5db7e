import { createHash } from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { rateLimits } from '../db/schema.js'

/** Rows older than this are swept (longer than any window in use). */
const SWEEP_AFTER_MS = 60 * 60_000
const SWEEP_EVERY_HITS = 500

/**
 * Fixed-window counters in the database (table rate_limits), so every instance on one
 * PostgreSQL shares a single budget per key. One atomic upsert per hit: concurrent hits from
 * several instances never lose a count.
 */
export function createSharedCounter(db: Db, clock: () => number = Date.now) {
  let hits = 0
  return {
    /** Count one hit on `key`; returns the count in the current window and when it ends (ms). */
    async hit(name: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
      const key = storedKey(name)
      const now = clock()
      if (++hits % SWEEP_EVERY_HITS === 0) {
        void db
          .delete(rateLimits)
          .where(lt(rateLimits.windowStart, now - SWEEP_AFTER_MS))
          .catch(() => {})
      }
      const expired = sql`${rateLimits.windowStart} <= ${now - windowMs}`
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            windowStart: sql`case when ${expired} then ${now}::bigint else ${rateLimits.windowStart} end`,
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          },
        })
        .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
      return { count: row!.count, resetAt: Number(row!.windowStart) + windowMs }
    },
    /** The count in the current window, without counting. */
    async peek(name: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
      const key = storedKey(name)
      const now = clock()
      const rows = await db.select().from(rateLimits).where(sql`${rateLimits.key} = ${key}`)
      const row = rows[0]
      if (!row || Number(row.windowStart) <= now - windowMs) return { count: 0, resetAt: now }
      return { count: row.count, resetAt: Number(row.windowStart) + windowMs }
    },
  }
}
export type SharedCounter = ReturnType<typeof createSharedCounter>

/**
 * Keys are stored as SHA-256 digests: they carry client addresses and e-mail addresses (no need
 * to keep those), and whatever a client typed, a NUL included, fits the text column.
 */
function storedKey(name: string): string {
  return createHash('sha256').update(name).digest('base64url')
}

/**
 * The embedded provider's sign-in / sign-up limiter on shared counters: `hit(keys)` counts one
 * attempt for each key and returns the seconds to wait when any key is over `max`.
 */
export function createSharedRateLimiter(opts: {
  counter: SharedCounter
  name: string
  max: number
  windowMs: number
  clock?: () => number
}) {
  const clock = opts.clock ?? Date.now
  return {
    async hit(keys: string[]): Promise<number | undefined> {
      let wait = 0
      for (const key of keys) {
        const { count, resetAt } = await opts.counter.hit(`${opts.name}:${key}`, opts.windowMs)
        if (count > opts.max) wait = Math.max(wait, resetAt - clock())
      }
      return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : undefined
    },
  }
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void

/**
 * A @fastify/rate-limit store on the shared counters: each route's limit is its own namespace
 * (method + URL), keyed by the plugin's key (the client address).
 */
export function sharedRateLimitStore(counter: SharedCounter, clock: () => number = Date.now) {
  class SharedStore {
    readonly namespace: string
    constructor(_params?: unknown, namespace = 'global') {
      this.namespace = namespace
    }
    incr(key: string, cb: Callback, timeWindow: number): void {
      counter.hit(`route:${this.namespace}:${key}`, timeWindow).then(
        ({ count, resetAt }) => cb(null, { current: count, ttl: Math.max(0, resetAt - clock()) }),
        (err: Error) => cb(err),
      )
    }
    read(key: string, cb: Callback, timeWindow: number): void {
      counter.peek(`route:${this.namespace}:${key}`, timeWindow).then(
        ({ count, resetAt }) => cb(null, { current: count, ttl: Math.max(0, resetAt - clock()) }),
        (err: Error) => cb(err),
      )
    }
    /** `params` is the route's merged limit options; @fastify/rate-limit adds `routeInfo`. */
    child(params: unknown): SharedStore {
      const info =
        (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {}
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '')
      return new SharedStore(undefined, `${method} ${info.url ?? ''}`.trim() || 'global')
    }
  }
  return SharedStore
}
