import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import type { JWK } from 'jose'
import { minterFromKey } from '../apps/server/src/test/learner-load.js'
import pg from 'pg'
import { openDatabase } from '../apps/server/src/db/client.js'
import { examples } from '../apps/server/src/db/schema.js'
import { loadSigningKeys } from '../apps/server/src/idp/keys.js'
import { createContentRepo } from '../apps/server/src/modules/content/content.repo.js'
import { createContentService } from '../apps/server/src/modules/content/content.service.js'
import { ttsKeyOf } from '../apps/server/src/modules/audio/audio.service.js'
import { createLocalStorage } from '../apps/server/src/plugins/storage.js'
import { createEspeakSynthesizer } from '../apps/server/src/tts/tts.js'
import {
  freePort,
  httpClient,
  load,
  printTable,
  type Reply,
  startServer,
  type LoadResult,
} from './support.js'

/**
 * The learning loop under load: 200 learners at once, each looping GET /api/exercises/next then
 * POST /api/exercises/evaluate (alternately a perfect and a partly wrong answer, each with a fresh
 * attempt id), against the real server on PGlite and, when BENCH_DATABASE_URL is set, on
 * PostgreSQL; beside a bare Fastify hello-world at the same concurrency. Then espeak-ng's time per
 * sentence. BENCH_ONLY=pglite or BENCH_ONLY=postgres runs the loop on one database only.
 *
 * Set-up, not measured: the curated library is imported, and every example gets synthesised
 * speech in place (one espeak-ng take copied under each tts/ key) so the HTTP figures measure
 * the loop rather than first-time synthesis, which is measured on its own at the end. The daily
 * new-item limit is lifted so learners keep getting work.
 */

const LEARNERS = 200
const DURATION_MS = 10_000
/** Open loop: this many learners, each answering (next + evaluate) every OPEN_PERIOD_MS. */
const OPEN_LEARNERS = Number(process.env.BENCH_OPEN_LEARNERS ?? 2_000)
const OPEN_PERIOD_MS = 10_000
const OPEN_DURATION_MS = Number(process.env.BENCH_OPEN_SECONDS ?? 20) * 1000
/** Per learner: at most this many next + evaluate rounds. */
const MAX_ROUNDS = 200
const PUBLIC_URL = 'http://bench.che.invalid'

interface Timing {
  ms: number[]
  /** When each request of `ms` started (performance.now()). */
  at: number[]
  ok: number
  non2xx: number
  errors: number
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0
  return (
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) /
    10
  )
}

/** Latency bounds (ms) of the histogram's buckets; the last bucket has no upper bound. */
const BUCKETS = [10, 25, 50, 100, 200, 300, 400, 500, 750, 1000, 2000]

/** Windows of the closed loop by when a request started (s from the start): where the tail is. */
const WINDOWS = [0, 0.25, 0.5, 1, 2, Number.POSITIVE_INFINITY]

/** p99 and count of the requests started in each window, e.g. `0–0.25 s: p99 212.4 (n 400)`. */
function byStart(t: Timing, started: number): string {
  return WINDOWS.slice(1)
    .map((end, w) => {
      const from = WINDOWS[w]!
      const ms = t.ms
        .filter((_, i) => {
          const s = (t.at[i]! - started) / 1000
          return s >= from && s < end
        })
        .sort((a, b) => a - b)
      return `${from}–${end === Number.POSITIVE_INFINITY ? 'end' : end} s: p99 ${percentile(ms, 99)} (n ${ms.length})`
    })
    .join(', ')
}

/** Percentiles and a bucket count of one kind of request, printed under the table. */
function histogram(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b)
  const counts = BUCKETS.map(() => 0)
  let over = 0
  for (const x of sorted) {
    const i = BUCKETS.findIndex((b) => x < b)
    if (i < 0) over++
    else counts[i]!++
  }
  const pcts = [50, 90, 95, 99, 99.9].map((p) => `p${p} ${percentile(sorted, p)}`).join(', ')
  const buckets = BUCKETS.map((b, i) => `<${b}: ${counts[i]}`).join(' ')
  return `${pcts}, max ${Math.round(sorted.at(-1) ?? 0)} ms | ${buckets} ≥${BUCKETS.at(-1)}: ${over}`
}

function row(label: string, t: Timing, seconds: number): LoadResult {
  const sorted = [...t.ms].sort((a, b) => a - b)
  return {
    label,
    requestsPerSec: Math.round(t.ms.length / seconds),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: t.errors,
    non2xx: t.non2xx,
  }
}

/** A fresh database: a new one on the BENCH_DATABASE_URL server, or PGlite under `dataDir`. */
async function freshDatabase(
  dataDir: string,
): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL
  if (!adminUrl) return { url: undefined, drop: async () => {} }
  const name = `che_bench_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  void dataDir
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

async function learningLoad(kind: 'PGlite' | 'PostgreSQL'): Promise<{
  rows: LoadResult[]
  statuses: Record<string, number>
  examples: number
  cpuPerRequest: number
  clientCpuPerRequest: number
  histograms: Record<string, string>
  /** p99 of the closed loop by when requests started (byStart). */
  windows: string
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'che-bench-learning-'))
  const fresh =
    kind === 'PostgreSQL' ? await freshDatabase(dataDir) : { url: undefined, drop: async () => {} }

  // Set-up on the database before the server opens it (PGlite allows one process at a time).
  const database = await openDatabase({ url: fresh.url, dataDir })
  await createContentService({
    content: createContentRepo(database.db),
    clock: () => new Date(),
  }).importDir()
  const jwk = (await loadSigningKeys(database.db)).keys[0] as JWK
  const rows = await database.db.select({ id: examples.id, text: examples.text }).from(examples)
  const espeak = createEspeakSynthesizer()
  const take = await espeak.synthesize('Esta semana estoy a full con el laburo.')
  const storage = createLocalStorage(join(dataDir, 'audio'))
  // Every example already has speech (as the background queue leaves a library), so the server's
  // speech queue has nothing to do and no request waits for synthesis.
  for (const r of rows) {
    const key = ttsKeyOf(r.id, r.text, 'synthetic', espeak.voice, 'wav')
    await storage.put(key, take.bytes, take.contentType)
    await database.db
      .update(examples)
      .set({ ttsKey: key, ttsVoice: espeak.voice, ttsKind: 'synthetic' })
      .where(eq(examples.id, r.id))
  }
  await database.close()

  const server = await startServer({
    DATA_DIR: dataDir,
    PUBLIC_URL,
    NODE_ENV: 'production',
    // PUBLIC_URL names another host, so the first account is not admin by itself (decision 026).
    ADMIN_EMAILS: 'bench-admin@bench.example',
    ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
  })
  const client = httpClient(server.url, OPEN_LEARNERS + 10)
  try {
    const mint = await minterFromKey(jwk, PUBLIC_URL, 'bench.example')
    const call = client.call

    // The ADMIN_EMAILS account is the admin: use it to lift the daily new-item limit.
    const admin = await mint('bench-admin')
    await call('POST', '/api/users/sync', admin, {})
    const current = (
      JSON.parse((await call('GET', '/api/settings', admin)).body) as {
        settings: Record<string, string>
      }
    ).settings
    const saved = await call('POST', '/api/settings', admin, {
      settings: { ...current, dailyNewLimit: '100000' },
    })
    if (!saved.ok) throw new Error(`could not save settings: ${saved.status}`)

    const tokens = await Promise.all(
      Array.from({ length: LEARNERS }, (_, i) => mint(`bench-learner-${i}`)),
    )
    for (const token of tokens) await call('POST', '/api/users/sync', token, {})

    const next: Timing = { ms: [], at: [], ok: 0, non2xx: 0, errors: 0 }
    const evaluate: Timing = { ms: [], at: [], ok: 0, non2xx: 0, errors: 0 }
    const statuses: Record<string, number> = {}
    async function timed(
      t: Timing,
      label: string,
      run: () => Promise<Reply>,
    ): Promise<Reply | undefined> {
      const start = performance.now()
      try {
        const res = await run()
        t.ms.push(performance.now() - start)
        t.at.push(start)
        statuses[`${label} ${res.status}`] = (statuses[`${label} ${res.status}`] ?? 0) + 1
        if (res.ok) t.ok++
        else t.non2xx++
        return res
      } catch {
        t.errors++
        return undefined
      }
    }

    // Warm-up, not measured: every learner's first round, next AND evaluate (first token check,
    // the learner's first record, the evaluator's first answers, JIT). With next alone, each
    // learner's first answer ever fell in the measured window, all 200 at once (decision 050).
    const warm: Timing = { ms: [], at: [], ok: 0, non2xx: 0, errors: 0 }
    await Promise.all(
      tokens.map(async (token) => {
        const res = await timed(warm, 'warm-up next', () =>
          call('GET', '/api/exercises/next', token),
        )
        if (!res?.ok) return
        const example = JSON.parse(res.body) as {
          exampleId: string
          text: string
          translation: string
        }
        await timed(warm, 'warm-up evaluate', () =>
          call('POST', '/api/exercises/evaluate', token, {
            exampleId: example.exampleId,
            userTranscription: example.text,
            userTranslation: example.translation,
            attemptId: randomUUID(),
          }),
        )
      }),
    )

    const cpuBefore = server.cpuMs()
    const clientBefore = process.cpuUsage()
    const started = performance.now()
    const deadline = started + DURATION_MS
    await Promise.all(
      tokens.map(async (token) => {
        for (let round = 0; round < MAX_ROUNDS && performance.now() < deadline; round++) {
          const res = await timed(next, 'next', () =>
            call('GET', '/api/exercises/next?tz=America/Argentina/Buenos_Aires', token),
          )
          if (!res?.ok) continue
          const example = JSON.parse(res.body) as {
            exampleId: string
            text: string
            translation: string
          }
          const words = example.text.split(' ')
          await timed(evaluate, 'evaluate', () =>
            call('POST', '/api/exercises/evaluate', token, {
              exampleId: example.exampleId,
              userTranscription:
                round % 2 ? words.slice(0, Math.max(1, words.length - 2)).join(' ') : example.text,
              userTranslation: example.translation,
              attemptId: randomUUID(),
            }),
          )
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    // The server's own CPU time per request: what a request costs, much less sensitive than req/s
    // to other processes on the machine.
    const cpuPerRequest = (server.cpuMs() - cpuBefore) / (next.ms.length + evaluate.ms.length)
    // The load generator's own CPU (this process): on two cores it competes with the server.
    const clientUsed = process.cpuUsage(clientBefore)
    const clientCpuPerRequest =
      (clientUsed.user + clientUsed.system) / 1000 / (next.ms.length + evaluate.ms.length)
    const all: Timing = {
      ms: [...next.ms, ...evaluate.ms],
      at: [...next.at, ...evaluate.at],
      ok: next.ok + evaluate.ok,
      non2xx: next.non2xx + evaluate.non2xx,
      errors: next.errors + evaluate.errors,
    }

    // Open loop: OPEN_LEARNERS learners, each starting a round (next, then evaluate) every
    // OPEN_PERIOD_MS on its own schedule whatever the server's pace (≈ 2 × OPEN_LEARNERS /
    // OPEN_PERIOD_MS requests a second), so a slow answer shows as latency, not as fewer requests.
    const openTokens = await Promise.all(
      Array.from({ length: OPEN_LEARNERS }, (_, i) => mint(`bench-open-${i}`)),
    )
    for (let i = 0; i < openTokens.length; i += 50)
      await Promise.all(
        openTokens.slice(i, i + 50).map((token) => call('POST', '/api/users/sync', token, {})),
      )
    const open: Timing = { ms: [], at: [], ok: 0, non2xx: 0, errors: 0 }
    async function openRound(token: string, round: number) {
      const res = await timed(open, 'open next', () =>
        call('GET', '/api/exercises/next?tz=America/Argentina/Buenos_Aires', token),
      )
      if (!res?.ok) return
      const example = JSON.parse(res.body) as {
        exampleId: string
        text: string
        translation: string
      }
      await timed(open, 'open evaluate', () =>
        call('POST', '/api/exercises/evaluate', token, {
          exampleId: example.exampleId,
          userTranscription:
            round % 2 ? example.text.split(' ').slice(0, -1).join(' ') : example.text,
          userTranslation: example.translation,
          attemptId: randomUUID(),
        }),
      )
    }
    const openStarted = performance.now()
    const rounds: Promise<void>[] = []
    await new Promise<void>((done) => {
      const timers: NodeJS.Timeout[] = []
      openTokens.forEach((token, i) => {
        let round = 0
        const offset = (i * OPEN_PERIOD_MS) / openTokens.length
        timers.push(
          setTimeout(() => {
            rounds.push(openRound(token, round++))
            const every = setInterval(() => rounds.push(openRound(token, round++)), OPEN_PERIOD_MS)
            timers.push(every)
          }, offset),
        )
      })
      setTimeout(() => {
        for (const t of timers) clearTimeout(t)
        done()
      }, OPEN_DURATION_MS)
    })
    await Promise.all(rounds)
    const openSeconds = OPEN_DURATION_MS / 1000
    void openStarted

    return {
      rows: [
        row(`next + evaluate, mixed (${kind})`, all, seconds),
        row(`  GET /api/exercises/next (${kind})`, next, seconds),
        row(`  POST /api/exercises/evaluate (${kind})`, evaluate, seconds),
        row(
          `open loop: ${OPEN_LEARNERS} learners, a round every ${OPEN_PERIOD_MS / 1000} s (${kind})`,
          open,
          openSeconds,
        ),
      ],
      statuses,
      examples: rows.length,
      cpuPerRequest,
      clientCpuPerRequest,
      histograms: {
        next: histogram(next.ms),
        evaluate: histogram(evaluate.ms),
        // The first second is the 200 learners starting in step (all asking next at once).
        'next after the first second': histogram(
          next.ms.filter((_, i) => next.at[i]! >= started + 1000),
        ),
        'evaluate after the first second': histogram(
          evaluate.ms.filter((_, i) => evaluate.at[i]! >= started + 1000),
        ),
        open: histogram(open.ms),
      },
      windows: byStart(all, started),
    }
  } finally {
    client.close()
    await server.stop()
    await fresh.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function run(): Promise<void> {
  // BENCH_ONLY=postgres (with BENCH_DATABASE_URL) or BENCH_ONLY=pglite runs one database's rows.
  const only = process.env.BENCH_ONLY
  if (only === 'postgres' && !process.env.BENCH_DATABASE_URL)
    throw new Error('BENCH_ONLY=postgres needs BENCH_DATABASE_URL')
  const bare = Fastify()
  bare.get('/', async () => ({ hello: 'world' }))
  const port = await freePort()
  await bare.listen({ port, host: '127.0.0.1' })
  const baseline = await load('bare Fastify hello-world', {
    url: `http://127.0.0.1:${port}/`,
    connections: LEARNERS,
    duration: 5,
  })
  await bare.close()

  const results = []
  if (only !== 'postgres') results.push(await learningLoad('PGlite'))
  if (process.env.BENCH_DATABASE_URL && only !== 'pglite')
    results.push(await learningLoad('PostgreSQL'))
  const table = [baseline, ...results.flatMap((r) => r.rows)]
  printTable(
    `Learning loop: ${LEARNERS} learners at once, next + evaluate for ${DURATION_MS / 1000} s (loopback; ${results[0]!.examples} examples)`,
    table,
  )
  console.log('\nAs a share of bare Fastify (same run):')
  for (const r of table.slice(1))
    console.log(
      `  ${r.label.trim()}: ${((100 * r.requestsPerSec) / baseline.requestsPerSec).toFixed(1)} % (${r.requestsPerSec} / ${baseline.requestsPerSec} req/s)`,
    )
  for (const r of results) console.log(`status counts: ${JSON.stringify(r.statuses)}`)
  for (const r of results)
    console.log(
      `server CPU time per request, closed loop (${r.rows[0]!.label.match(/\((.*)\)/)?.[1]}): ${r.cpuPerRequest.toFixed(2)} ms (a round is two requests); the load generator's: ${r.clientCpuPerRequest.toFixed(2)} ms`,
    )
  for (const r of results)
    console.log(
      `closed loop by start time (${r.rows[0]!.label.match(/\((.*)\)/)?.[1]}): ${r.windows}`,
    )
  for (const r of results)
    for (const [kind, h] of Object.entries(r.histograms))
      console.log(`latency ${kind} (${r.rows[0]!.label.match(/\((.*)\)/)?.[1]}): ${h}`)
  console.log(
    `load average (1 min) at the end: ${(await import('node:os')).loadavg()[0]!.toFixed(2)} on ${(await import('node:os')).cpus().length} CPUs`,
  )

  if (process.env.BENCH_SPEECH === '0') return
  const synth = createEspeakSynthesizer()
  const sentences = [
    'Esta semana estoy a full con el laburo, no tengo ni un minuto libre.',
    '¿Me estás tomando el pelo o lo decís en serio?',
    'Si no entrego el informe mañana estoy al horno.',
    'No le hagas caso, está en pedo.',
    'Mañana tomo el bondi temprano para llegar a horario.',
    'Che, ¿vamos a tomar unos mates a la plaza?',
    'Ese pibe es re buena onda, te va a caer bien.',
    'Me quedé sin un mango hasta fin de mes.',
    'Dejate de joder y vení a comer, que se enfría.',
    'La fiesta estuvo bárbara, bailamos hasta las seis.',
  ]
  const times: number[] = []
  for (const s of sentences) {
    const start = performance.now()
    await synth.synthesize(s)
    times.push(performance.now() - start)
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length
  console.log(
    `\nespeak-ng speech per sentence (${sentences.length} sentences, one child process each, sequential): mean ${Math.round(mean)} ms, min ${Math.round(Math.min(...times))} ms, max ${Math.round(Math.max(...times))} ms`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
