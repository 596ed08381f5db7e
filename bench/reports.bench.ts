/**
 * Progress report generation for a learner with 10,000 reviews: the core analytics and local
 * phrasing alone, then the whole service on an in-memory PGlite (load the histories, compute,
 * phrase, store, list).
 * Run: npx tsx bench/reports.bench.ts
 */
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'

import {
  computeFacts,
  insightsFrom,
  MistakeType,
  TONES,
  type Accuracy,
  type Evaluation,
  type ReportReview,
} from '../packages/core/src/index.js'
import { newCard } from '../packages/core/src/scheduler/index.js'
import { createTestDatabase } from '../apps/server/src/db/test-db.js'
import {
  examples,
  idioms,
  progress,
  reports,
  reviewLog,
  users,
} from '../apps/server/src/db/schema.js'
import { createReportsRepo } from '../apps/server/src/modules/reports/reports.repo.js'
import {
  createReportsService,
  toReportReviews,
} from '../apps/server/src/modules/reports/reports.service.js'
import { mulberry32 } from '../scripts/mulberry32.js'

const REVIEWS = 10_000
const IDIOMS = 200
const DAY_MS = 86_400_000
const START = Date.parse('2025-01-01T12:00:00Z')
const NOW = new Date(START + 400 * DAY_MS)
const ZONE = 'America/Argentina/Buenos_Aires'
const WORDS = [
  'che',
  'laburo',
  'boludo',
  'quilombo',
  'mina',
  'guita',
  'bondi',
  'morfar',
  'pibe',
  'fiaca',
]
const GRADES: Accuracy[] = ['perfect', 'perfect', 'perfect', 'minor', 'major']

/** One stored history per idiom, REVIEWS entries in all, spread over ~a year at any hour. */
function histories(): { idiom: number; history: Record<string, unknown>[] }[] {
  const rand = mulberry32(7)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!
  const out = Array.from({ length: IDIOMS }, (_, idiom) => ({
    idiom,
    history: [] as Record<string, unknown>[],
  }))
  for (let i = 0; i < REVIEWS; i++) {
    const t = pick(GRADES)
    const tr = pick(GRADES)
    const worst =
      t === 'major' || tr === 'major'
        ? 'major'
        : t === 'minor' || tr === 'minor'
          ? 'minor'
          : 'perfect'
    out[i % IDIOMS]!.history.push({
      date: new Date(
        START + Math.floor((i / REVIEWS) * 365 * DAY_MS + rand() * 6 * 3_600_000),
      ).toISOString(),
      rating: worst === 'major' ? 'again' : worst === 'minor' ? 'hard' : 'good',
      evaluation: {
        transcriptionAccuracy: t,
        translationAccuracy: tr,
        mistakeType: worst === 'perfect' ? 'none' : pick(MistakeType.options.slice(1)),
        missedWords: worst === 'perfect' ? [] : [pick(WORDS)],
      },
    })
  }
  return out
}

const tone = (i: number) => TONES[i % TONES.length]!
const usage = (i: number) => 1 + (i % 10)

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

async function timeRuns(runs: number, body: () => unknown): Promise<number> {
  await body() // warm-up
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await body()
    times.push(performance.now() - start)
  }
  return Math.round(median(times) * 10) / 10
}

async function benchCore(stored: ReturnType<typeof histories>): Promise<void> {
  const reviews: ReportReview[] = toReportReviews(
    stored.map((s) => ({
      history: s.history,
      idiomText: `idiom ${s.idiom}`,
      tone: tone(s.idiom),
      usage: usage(s.idiom),
    })),
  )
  const facts = computeFacts(reviews, { timeZone: ZONE, now: NOW })
  const computeMs = await timeRuns(20, () => computeFacts(reviews, { timeZone: ZONE, now: NOW }))
  const phraseMs = await timeRuns(20, () => insightsFrom(facts))
  const totalMs = await timeRuns(20, () =>
    insightsFrom(computeFacts(reviews, { timeZone: ZONE, now: NOW })),
  )
  console.log(
    JSON.stringify({
      bench: 'report core (computeFacts + insightsFrom)',
      reviews: reviews.length,
      computeFactsMs: computeMs,
      insightsFromMs: phraseMs,
      totalMedianMs: totalMs,
      insights: insightsFrom(facts).insights.length,
    }),
  )
}

async function benchService(stored: ReturnType<typeof histories>): Promise<void> {
  const database = await createTestDatabase()
  try {
    const { db } = database
    const [user] = await db
      .insert(users)
      .values({ issuer: 'https://bench.test', subject: 'bench' })
      .returning()
    const idiomRows = await db
      .insert(idioms)
      .values(
        stored.map((s) => ({
          text: `idiom ${s.idiom}`,
          translation: 't',
          tone: tone(s.idiom),
          usage: usage(s.idiom),
          normalizedText: `idiom ${s.idiom}`,
        })),
      )
      .returning({ id: idioms.id })
    const exampleRows = await db
      .insert(examples)
      .values(
        idiomRows.map((r) => ({
          idiomId: r.id,
          text: 'Che, ¿todo bien?',
          conjugatedSnippet: 'Che',
        })),
      )
      .returning({ id: examples.id, idiomId: examples.idiomId })
    const records = await db
      .insert(progress)
      .values(
        exampleRows.map((e, i) => ({
          userId: user!.id,
          exampleId: e.id,
          idiomId: e.idiomId,
          card: newCard(NOW),
          dueAt: NOW,
          reviewCount: stored[i]!.history.length,
        })),
      )
      .returning({ id: progress.id })
    const log = records.flatMap((r, i) =>
      stored[i]!.history.map((h) => ({
        progressId: r.id,
        userId: user!.id,
        reviewedAt: new Date(h.date as string),
        rating: h.rating as string,
        state: 'review',
        elapsedDays: 1,
        scheduledDays: 1,
        stability: 1,
        difficulty: 5,
        evaluation: h.evaluation as unknown as Evaluation,
      })),
    )
    for (let i = 0; i < log.length; i += 1000)
      await db.insert(reviewLog).values(log.slice(i, i + 1000))
    const service = createReportsService({
      reports: createReportsRepo(db),
      settings: { all: async () => ({ reportMinReviews: '20' }) },
      prompt: async () => undefined,
      llm: undefined,
      clock: () => NOW,
      log: { warn: () => {} },
    })
    const ms = await timeRuns(5, async () => {
      await db.delete(reports).where(eq(reports.userId, user!.id))
      const set = await service.list(user!.id, { generate: true, timeZone: ZONE })
      if (set.reports.length !== 1) throw new Error('expected one report')
    })
    const listMs = await timeRuns(10, () => service.list(user!.id))
    console.log(
      JSON.stringify({
        bench: 'report via service on PGlite (generate=1)',
        reviews: REVIEWS,
        generateMedianMs: ms,
        listMedianMs: listMs,
      }),
    )
  } finally {
    await database.drop()
  }
}

export async function run(): Promise<void> {
  const stored = histories()
  await benchCore(stored)
  await benchService(stored)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await run()
}
