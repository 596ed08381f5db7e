/**
 * Scheduler figures: scheduleReview and chooseNext throughput on one core, and what the optional
 * FSRS optimizer gains on a simulated learner (log-loss with default vs optimised parameters).
 * Run: npx tsx bench/scheduler.bench.ts
 */
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FSRSAlgorithm, default_w, type FSRSState } from 'ts-fsrs'

import {
  chooseNext,
  logLoss,
  newCard,
  optimizeParameters,
  scheduleReview,
  toFsrsGrade,
  toFsrsParameters,
  type CardReviews,
  type CardState,
  type NewCandidate,
  type ReviewEvaluation,
  type ReviewRating,
} from '../packages/core/src/scheduler/index.js'
import { mulberry32 } from '../scripts/mulberry32.js'

const SECONDS = 2
const DAY_MS = 86_400_000
const START = Date.parse('2025-01-01T12:00:00Z')
const TONES = ['Casual', 'Neutral', 'Street', 'Esoteric', 'Official'] as const

const EVALUATION: Record<ReviewRating, ReviewEvaluation> = {
  again: { transcriptionAccuracy: 'major', translationAccuracy: 'perfect' },
  hard: { transcriptionAccuracy: 'minor', translationAccuracy: 'perfect' },
  good: { transcriptionAccuracy: 'perfect', translationAccuracy: 'perfect' },
  easy: { transcriptionAccuracy: 'perfect', translationAccuracy: 'perfect' },
}

function opsPerSecond(body: () => number): { ops: number; perSecond: number } {
  body() // warm-up
  let ops = 0
  const start = performance.now()
  const end = start + SECONDS * 1000
  while (performance.now() < end) ops += body()
  return { ops, perSecond: Math.round(ops / ((performance.now() - start) / 1000)) }
}

function benchScheduleReview(): void {
  const rand = mulberry32(1)
  const ratings: ReviewRating[] = ['again', 'hard', 'good', 'good', 'good', 'easy']
  // A pool of cards at different stages, each reviewed at its due date.
  let pool: CardState[] = Array.from({ length: 256 }, () => newCard(new Date(START)))
  const result = opsPerSecond(() => {
    pool = pool.map((card) => {
      const rating = ratings[Math.floor(rand() * ratings.length)]!
      const next = scheduleReview(card, EVALUATION[rating], new Date(card.due), {
        elapsedMs: 20_000,
      }).card
      return next.reps > 12 ? newCard(new Date(START)) : next
    })
    return pool.length
  })
  console.log(JSON.stringify({ bench: 'scheduleReview', ...result }))
}

function benchChooseNext(): void {
  const rand = mulberry32(2)
  const now = new Date('2025-06-01T15:00:00Z')
  const progress = Array.from({ length: 5_000 }, (_, i) => ({
    exampleId: `seen-${i}`,
    dueDate: new Date(now.getTime() + (rand() * 120 - 60) * DAY_MS).toISOString(),
    isSandbox: rand() < 0.1,
  }))
  const candidates: NewCandidate[] = Array.from({ length: 2_000 }, (_, i) => ({
    exampleId: `new-${i}`,
    idiomId: `idiom-${i % 500}`,
    tone: TONES[i % TONES.length]!,
    usage: 1 + (i % 10),
  }))
  const base = {
    now,
    timeZone: 'America/Argentina/Buenos_Aires',
    candidates,
    filter: { usage: 'common', tone: 'Casual' } as const,
    newToday: 0,
    dailyNewLimit: 10,
  }
  const due = opsPerSecond(() => {
    chooseNext({ ...base, progress })
    return 1
  })
  // Nothing due: the whole candidate list is scanned too.
  const future = progress.map((p, i) => ({
    ...p,
    dueDate: new Date(now.getTime() + (2 + (i % 30)) * DAY_MS).toISOString(),
  }))
  const fresh = opsPerSecond(() => {
    chooseNext({ ...base, progress: future, seed: 'learner' })
    return 1
  })
  console.log(
    JSON.stringify({
      bench: 'chooseNext',
      progress: progress.length,
      candidates: candidates.length,
      dueFirst: due,
      newItem: fresh,
    }),
  )
}

/** A learner who forgets faster than FSRS's defaults assume: the "true" parameters. */
const TRUE_W = default_w.map((w, i) =>
  i < 4 ? w * 0.4 : i === 8 ? w * 0.8 : i === 11 ? w * 0.7 : w,
)

/**
 * 300 learner-days: 8 new examples a day for the first 200 days, every due card reviewed each day
 * (a quarter of them 1–4 days late). Recall is drawn from the true forgetting curve; the app's
 * default scheduler sets the intervals.
 */
function simulateLearner(seed: number, days = 300): CardReviews[] {
  const rand = mulberry32(seed)
  const truth = new FSRSAlgorithm(toFsrsParameters({ w: TRUE_W }))
  type Sim = {
    card: CardState
    memory: FSRSState | null
    lastDay: number
    nextDay: number
    reviews: { date: string; rating: ReviewRating }[]
  }
  const cards: Sim[] = []
  for (let day = 0; day < days; day++) {
    if (day < 200) {
      for (let n = 0; n < 8; n++)
        cards.push({
          card: newCard(new Date(START + day * DAY_MS)),
          memory: null,
          lastDay: day,
          nextDay: day,
          reviews: [],
        })
    }
    for (const sim of cards) {
      if (sim.nextDay !== day) continue
      const u = rand()
      let wanted: ReviewRating
      if (!sim.memory) wanted = u < 0.3 ? 'again' : u < 0.45 ? 'hard' : u < 0.9 ? 'good' : 'easy'
      else if (rand() >= truth.forgetting_curve(day - sim.lastDay, sim.memory.stability))
        wanted = 'again'
      else wanted = u < 0.15 ? 'hard' : u < 0.9 ? 'good' : 'easy'
      const at = new Date(START + day * DAY_MS + Math.floor(rand() * 12) * 3_600_000)
      const { card, log } = scheduleReview(sim.card, EVALUATION[wanted], at, {
        elapsedMs: wanted === 'easy' ? 15_000 : 80_000,
      })
      sim.memory = truth.next_state(
        sim.memory,
        sim.memory ? day - sim.lastDay : 0,
        toFsrsGrade(log.rating),
      )
      sim.reviews.push({ date: log.date, rating: log.rating })
      sim.card = card
      sim.lastDay = day
      sim.nextDay = day + card.scheduledDays + (rand() < 0.25 ? 1 + Math.floor(rand() * 4) : 0)
    }
  }
  return cards.map((c) => c.reviews)
}

async function benchOptimizer(): Promise<void> {
  const log = simulateLearner(42)
  const reviews = log.reduce((sum, card) => sum + card.length, 0)
  const started = performance.now()
  const result = await optimizeParameters(log)
  const trainMs = Math.round(performance.now() - started)
  const round = (x: number) => Number(x.toFixed(4))
  const report = {
    bench: 'optimizer',
    learnerDays: 300,
    cards: log.length,
    reviews,
    logLossDefault: round(logLoss(undefined, log)),
    logLossTrue: round(logLoss({ w: TRUE_W }, log)),
  }
  if (!result.params) {
    const note =
      result.reason === 'binding-unavailable'
        ? 'optimizer binding not available on this platform'
        : result.reason
    console.log(JSON.stringify({ ...report, optimised: note, detail: result.detail }))
    return
  }
  console.log(
    JSON.stringify({
      ...report,
      logLossOptimised: round(logLoss({ w: result.params }, log)),
      trainMs,
    }),
  )
}

export async function run(): Promise<void> {
  benchScheduleReview()
  benchChooseNext()
  await benchOptimizer()
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await run()
}
