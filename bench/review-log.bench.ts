/**
 * Cost independent of history: a learner with 10,000 reviews against one with 10, in-process on
 * an in-memory PGlite (the whole app listening on loopback, keep-alive HTTP from the same process,
 * real tokens; BENCH_TRANSPORT=inject times `app.inject` instead, as sessions before 14 did: it
 * spends 1.7 ms more than HTTP on building a 113 KB reply in memory, the calendar's for 589 cards,
 * a cost of the test helper that no learner meets). Prints p50/p99 of next,
 * evaluate, stats and calendar for both and their ratio (target: p50 ≤ 10 ms and within 2×), and
 * the same for a learner with 10,000 reviews on 10 cards (history alone, without more cards).
 * Set-up, not measured: the curated library; the big learner's reviews are written straight into
 * progress and review_log, spread over every example; speech synthesis is a fixed fake take, and
 * the speech queue has stored one for every example before the first request is timed.
 * Run: npx tsx bench/review-log.bench.ts
 */
import { randomUUID } from 'node:crypto'
import { isNull, sql } from 'drizzle-orm'
import type { Evaluation } from '../packages/core/src/index.js'
import { newCard, scheduleReview, type CardState } from '../packages/core/src/scheduler/index.js'
import { examples, progress, reviewLog } from '../apps/server/src/db/schema.js'
import { bearer, startTestApp } from '../apps/server/src/test/support.js'
import { httpClient } from './support.js'

const BIG = 10_000
const SMALL = 10
const RUNS = Number(process.env.BENCH_RUNS ?? 60)
const DAY_MS = 86_400_000
const TZ = 'America/Argentina/Buenos_Aires'
const TRANSPORT = process.env.BENCH_TRANSPORT === 'inject' ? 'inject' : 'http'

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100
}

export async function run(): Promise<void> {
  const t = await startTestApp(
    { NODE_ENV: 'production' },
    {
      synthesizer: {
        voice: 'bench',
        synthesize: async () => ({
          bytes: Buffer.alloc(64),
          contentType: 'audio/wav',
          extension: 'wav',
        }),
      },
    },
  )
  try {
    const { db } = t.database
    const admin = await t.userWithRole('admin')
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(admin.token) })
    ).json() as { settings: Record<string, string> }
    await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(admin.token),
      payload: { settings: { ...settings.settings, dailyNewLimit: '100000' } },
    })
    const library = await db.select({ id: examples.id, idiomId: examples.idiomId }).from(examples)
    const start = Date.now() - 400 * DAY_MS

    /** A learner with `reviews` reviews spread over `cards` examples, written straight in. */
    async function learner(reviews: number, cards: number) {
      const { user, token } = await t.userWithRole('learner')
      const perCard = Math.ceil(reviews / cards)
      let written = 0
      let made = 0
      for (const ex of library.slice(0, cards)) {
        const n = Math.min(perCard, reviews - written)
        if (n <= 0) break
        let card: CardState = newCard(new Date(start))
        const log = []
        for (let i = 0; i < n; i++) {
          const perfect = i % 4 !== 3
          const evaluation = {
            transcriptionAccuracy: perfect ? 'perfect' : 'minor',
            translationAccuracy: 'perfect',
            mistakeType: perfect ? 'none' : 'detail',
            missedWords: perfect ? [] : ['laburo'],
          } as unknown as Evaluation
          const at = new Date(start + Math.floor((i * 380 * DAY_MS) / n))
          const next = scheduleReview(card, evaluation, at)
          card = next.card
          log.push({
            userId: user.id,
            reviewedAt: at,
            rating: next.log.rating,
            state: next.log.state,
            elapsedDays: next.log.elapsedDays,
            scheduledDays: next.log.scheduledDays,
            stability: next.log.stability,
            difficulty: next.log.difficulty,
            evaluation,
          })
        }
        const [row] = await db
          .insert(progress)
          .values({
            userId: user.id,
            exampleId: ex.id,
            idiomId: ex.idiomId,
            card,
            dueAt: new Date(card.due),
            reviewCount: n,
            perfectCount: log.filter((l) => l.rating === 'good').length,
            createdAt: new Date(start),
          })
          .returning({ id: progress.id })
        await db.insert(reviewLog).values(log.map((l) => ({ ...l, progressId: row!.id })))
        written += n
        made++
      }
      return { token, reviews: written, cards: made }
    }

    // Some examples stay unseen, so /next always has a new one to serve.
    const big = await learner(BIG, library.length - 2 * (RUNS + 5))
    const small = await learner(SMALL, SMALL)
    // History alone: as many reviews as the big learner, on as few cards as the small one. The
    // calendar lists every card and the stats count them, so the big learner's hundreds of cards cost
    // those two calls more whatever the history; this learner shows what history itself costs.
    const deep = await learner(BIG, SMALL)
    // The speech queue starts with the app and stores a take for every example, one at a time;
    // measured while it runs, the first learner's requests shared the event loop with it and
    // re-read the library's speech columns after each of its writes (decision 045, session 8).
    // Set-up, like the rest: wait until every example has its take.
    for (;;) {
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(examples)
        .where(isNull(examples.ttsKey))
      if (!left || left.n === 0) break
      await new Promise((r) => setTimeout(r, 100))
    }

    // One round of each learner in turn, so both meet the same JIT state, caches, garbage
    // collector and machine load (measured one after the other, the big learner met the colder
    // code and whatever else the machine was doing in its minute).
    const times = (): Record<string, number[]> => ({
      next: [],
      evaluate: [],
      stats: [],
      calendar: [],
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address() as { port: number }
    const client = httpClient(`http://127.0.0.1:${address.port}`, 1)
    /** One request by the chosen transport: status and body text either way. */
    const call = async (
      method: 'GET' | 'POST',
      url: string,
      token: string,
      payload?: unknown,
    ): Promise<{ status: number; body: string }> => {
      if (TRANSPORT === 'http') return client.call(method, url, token, payload)
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      return { status: res.statusCode, body: res.body }
    }
    async function round(token: string, into: Record<string, number[]>) {
      const timed = async (
        name: string,
        request: () => Promise<{ status: number; body: string }>,
      ) => {
        const t0 = performance.now()
        const res = await request()
        into[name]!.push(performance.now() - t0)
        if (res.status !== 200) throw new Error(`${name} answered ${res.status}`)
        return res
      }
      const next = await timed('next', () =>
        call('GET', `/api/exercises/next?tz=${encodeURIComponent(TZ)}`, token),
      )
      const ex = JSON.parse(next.body) as { exampleId: string; text: string; translation: string }
      await timed('evaluate', () =>
        call('POST', '/api/exercises/evaluate', token, {
          exampleId: ex.exampleId,
          userTranscription: ex.text,
          userTranslation: ex.translation,
          attemptId: randomUUID(),
        }),
      )
      await timed('stats', () =>
        call('GET', `/api/exercises/stats?tz=${encodeURIComponent(TZ)}`, token),
      )
      await timed('calendar', () => call('GET', '/api/exercises', token))
    }
    const bigAll = times()
    const smallAll = times()
    const deepAll = times()
    for (let i = 0; i < RUNS + 5; i++) {
      await round(big.token, bigAll)
      await round(small.token, smallAll)
      await round(deep.token, deepAll)
    }
    // The first five rounds warm up (JIT, caches) and are not counted.
    const counted = (all: Record<string, number[]>) =>
      Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v.slice(5)]))
    const smallTimes = counted(smallAll)
    console.log(
      `\nReview log: in-process (${TRANSPORT === 'http' ? 'loopback HTTP' : 'app.inject'}) on PGlite, ${RUNS} rounds each, the learners in turn; ${library.length} examples`,
    )
    const table = (label: string, a: { reviews: number }, aTimes: Record<string, number[]>) => {
      console.log(`\n${label}`)
      console.log(
        `| call | p50 ms, ${a.reviews} reviews | p50 ms, ${small.reviews} reviews | ratio | p99 ms, ${a.reviews} | p99 ms, ${small.reviews} |`,
      )
      console.log('|---|---|---|---|---|---|')
      for (const name of ['next', 'evaluate', 'stats', 'calendar']) {
        const b = percentile(aTimes[name]!, 50)
        const s = percentile(smallTimes[name]!, 50)
        console.log(
          `| ${name} | ${b} | ${s} | ${(b / s).toFixed(2)}× | ${percentile(aTimes[name]!, 99)} | ${percentile(smallTimes[name]!, 99)} |`,
        )
      }
    }
    table(
      `${big.reviews} reviews on ${big.cards} cards against ${small.reviews} reviews on ${small.cards} cards:`,
      big,
      counted(bigAll),
    )
    table(
      `History alone: ${deep.reviews} reviews on ${deep.cards} cards against ${small.reviews} reviews on ${small.cards} cards:`,
      deep,
      counted(deepAll),
    )
    client.close()
  } finally {
    await t.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
