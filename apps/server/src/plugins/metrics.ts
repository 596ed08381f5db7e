import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../db/client.js'

/** What the services report to /metrics (every method is cheap and never throws). */
export interface Metrics {
  /** One graded answer: which engine graded it and the transcription grade it gave. */
  evaluation(engine: 'llm' | 'local', grade: string): void
  /** A fallback taken: `kind` llm (local grade instead) or tts (text instead of speech). */
  fallback(kind: 'llm' | 'tts', reason: string): void
}

const sha = (s: string) => createHash('sha256').update(s).digest()

/**
 * Prometheus metrics at GET /metrics (prom-client), one registry per app: request durations by
 * route and status, evaluations by engine and grade, LLM/TTS fallbacks, database pool use, and
 * Node's default process metrics including event-loop lag. With METRICS_TOKEN set, /metrics
 * wants `Authorization: Bearer <token>`.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { database: Database; token: string | undefined },
): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 })
  const duration = new Histogram({
    name: 'che_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  const evaluations = new Counter({
    name: 'che_evaluations_total',
    help: 'Answers graded, by engine (llm or local) and transcription grade',
    labelNames: ['engine', 'grade'] as const,
    registers: [registry],
  })
  const fallbacks = new Counter({
    name: 'che_fallbacks_total',
    help: 'Fallbacks taken: llm (graded locally instead) and tts (text shown instead of speech)',
    labelNames: ['kind', 'reason'] as const,
    registers: [registry],
  })
  const pool = deps.database.pool
  new Gauge({
    name: 'che_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting = queries queued for one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return
      this.set({ state: 'total' }, pool.totalCount)
      this.set({ state: 'idle' }, pool.idleCount)
      this.set({ state: 'waiting' }, pool.waitingCount)
    },
  })

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    if (route === '/metrics') return
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
  })

  const expected = deps.token ? sha(deps.token) : undefined
  app.get('/metrics', async (request, reply) => {
    if (expected) {
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? ''
      if (!timingSafeEqual(sha(given), expected)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ code: 'UNAUTHENTICATED', message: 'Send the METRICS_TOKEN as a Bearer token' })
      }
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics())
  })

  return {
    evaluation: (engine, grade) => evaluations.inc({ engine, grade }),
    fallback: (kind, reason) => fallbacks.inc({ kind, reason }),
  }
}
