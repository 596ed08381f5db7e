import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { appliedMigrations, expectedMigrations, ping, type Database } from '../db/client.js'
import type { Storage } from './storage.js'

/** How long each readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000
const STORAGE_CHECK_MS = 10_000

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    work,
    new Promise<T>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`${what} timed out`)), CHECK_TIMEOUT_MS)
    }),
  ]).finally(() => clearTimeout(timer))
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness state (plugins/health.ts): main.ts drains it on SIGTERM before closing. */
    health: Health
  }
}

export interface Health {
  /** Mark the instance as shutting down: /readyz answers 503 from now on. */
  drain(): void
  draining(): boolean
}

/**
 * Liveness and readiness for load balancers and Kubernetes:
 * - GET /healthz: 200 while the process runs and its event loop answers (restart it otherwise).
 * - GET /readyz: 200 when the database answers, every shipped migration is applied and the audio
 *   store takes a write; 503 (with the failing check) otherwise and from the start of a
 *   shutdown, so traffic moves to other instances while in-flight requests finish.
 */
export function registerHealth(
  app: FastifyInstance,
  deps: { database: Database; storage: Storage },
): Health {
  let draining = false
  const expected = expectedMigrations()
  const probeKey = `readyz/${randomUUID()}.wav`
  // A storage write is proved at most every STORAGE_CHECK_MS (load balancers poll every second or
  // two; an S3 PUT + DELETE each time would be waste).
  let storageOkAt = 0

  app.get('/healthz', async (_request, reply) => {
    void reply.header('cache-control', 'no-store')
    return { ok: true }
  })

  app.get('/readyz', async (_request, reply) => {
    void reply.header('cache-control', 'no-store')
    const checks: Record<string, string> = {}
    if (draining) checks.shutdown = 'draining: this instance is shutting down'
    try {
      await withTimeout(ping(deps.database.db), 'database ping')
      checks.database = 'ok'
      const applied = await withTimeout(appliedMigrations(deps.database.db), 'migrations check')
      checks.migrations =
        applied >= expected ? 'ok' : `${applied} of ${expected} migrations applied`
    } catch (err) {
      checks.database = `unreachable: ${(err as Error).message}`
    }
    try {
      if (Date.now() - storageOkAt > STORAGE_CHECK_MS) {
        await withTimeout(
          deps.storage
            .put(probeKey, new Uint8Array([0]), 'audio/wav')
            .then(() => deps.storage.delete(probeKey)),
          'storage write',
        )
        storageOkAt = Date.now()
      }
      checks.storage = 'ok'
    } catch (err) {
      storageOkAt = 0
      checks.storage = `not writable: ${(err as Error).message}`
    }
    const ready = Object.entries(checks).every(([, v]) => v === 'ok')
    if (!ready) void reply.status(503).header('retry-after', '5')
    return { ready, checks }
  })
  app.addHook('preClose', async () => {
    draining = true
  })

  const health: Health = {
    drain() {
      draining = true
    },
    draining: () => draining,
  }
  app.decorate('health', health)
  return health
}
