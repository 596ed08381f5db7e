import { default_w, FSRSAlgorithm, type FSRSState } from 'ts-fsrs'
import { describe, expect, it } from 'vitest'
import {
  loadOptimizerBinding,
  logLoss,
  OPTIMIZER_MIN_REVIEWS,
  optimizeParameters,
  type CardReviews,
  type OptimizerBinding,
} from './optimizer.js'
import { toFsrsGrade } from './rating.js'
import { newCard, scheduleReview, toFsrsParameters } from './schedule.js'
import type { ReviewEvaluation, ReviewRating } from './schema.js'

const DAY_MS = 86_400_000
const START = Date.parse('2025-01-01T12:00:00Z')

/** Seeded PRNG (mulberry32), test-only: core takes randomness as input, it never makes any. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const EVALUATION: Record<ReviewRating, ReviewEvaluation> = {
  again: { transcriptionAccuracy: 'major', translationAccuracy: 'perfect' },
  hard: { transcriptionAccuracy: 'minor', translationAccuracy: 'perfect' },
  good: { transcriptionAccuracy: 'perfect', translationAccuracy: 'perfect' },
  easy: { transcriptionAccuracy: 'perfect', translationAccuracy: 'perfect' },
}

/**
 * Learners whose memory follows `trueW` (not the defaults), scheduled by our default scheduler:
 * recall is drawn from the true forgetting curve; a third of reviews are 1–5 days late.
 */
function simulate(opts: {
  cards: number
  days: number
  seed: number
  trueW: readonly number[]
}): CardReviews[] {
  const rand = mulberry32(opts.seed)
  const truth = new FSRSAlgorithm(toFsrsParameters({ w: [...opts.trueW] }))
  const log: CardReviews[] = []
  for (let c = 0; c < opts.cards; c++) {
    let day = Math.floor(rand() * opts.days * 0.8)
    let card = newCard(new Date(START + day * DAY_MS))
    let memory: FSRSState | null = null
    let lastDay = day
    const reviews: { date: string; rating: ReviewRating }[] = []
    while (day < opts.days) {
      const u = rand()
      let wanted: ReviewRating
      if (!memory) wanted = u < 0.3 ? 'again' : u < 0.45 ? 'hard' : u < 0.9 ? 'good' : 'easy'
      else if (rand() >= truth.forgetting_curve(day - lastDay, memory.stability)) wanted = 'again'
      else wanted = u < 0.15 ? 'hard' : u < 0.9 ? 'good' : 'easy'
      const { card: next, log: entry } = scheduleReview(
        card,
        EVALUATION[wanted],
        new Date(START + day * DAY_MS),
        {
          elapsedMs: wanted === 'easy' ? 10_000 : 90_000,
        },
      )
      memory = truth.next_state(memory, memory ? day - lastDay : 0, toFsrsGrade(entry.rating))
      reviews.push({ date: entry.date, rating: entry.rating })
      card = next
      lastDay = day
      day += next.scheduledDays + (rand() < 0.3 ? 1 + Math.floor(rand() * 5) : 0)
    }
    log.push(reviews)
  }
  return log
}

/** A learner who forgets faster than FSRS's defaults assume. */
const TRUE_W = default_w.map((w, i) =>
  i < 4 ? w * 0.4 : i === 8 ? w * 0.8 : i === 11 ? w * 0.7 : w,
)

const fakeBinding = (
  computeParameters: OptimizerBinding['computeParameters'],
): OptimizerBinding => ({
  FSRSBindingReview: class {} as OptimizerBinding['FSRSBindingReview'],
  FSRSBindingItem: class {} as OptimizerBinding['FSRSBindingItem'],
  computeParameters,
})

const enoughReviews: CardReviews[] = Array.from({ length: OPTIMIZER_MIN_REVIEWS / 2 }, (_, i) => [
  { date: new Date(START + i * DAY_MS).toISOString(), rating: 'good' },
  { date: new Date(START + (i + 3) * DAY_MS).toISOString(), rating: i % 5 ? 'good' : 'again' },
])

const real = await loadOptimizerBinding()

describe('optimizer', () => {
  describe('loadOptimizerBinding', () => {
    it('answers undefined with a reason when the import fails', async () => {
      const loaded = await loadOptimizerBinding(() =>
        Promise.reject(new Error('Cannot find module')),
      )
      expect(loaded.binding).toBeUndefined()
      expect(loaded.reason).toMatch(/could not be loaded: Cannot find module/)
    })

    it('answers undefined with a reason when the module lacks the API', async () => {
      const loaded = await loadOptimizerBinding(() => Promise.resolve({ default: {} }))
      expect(loaded.binding).toBeUndefined()
      expect(loaded.reason).toMatch(/does not expose computeParameters/)
    })
  })

  describe('optimizeParameters', () => {
    it('keeps the defaults below the review threshold without loading the binding', async () => {
      let loads = 0
      const result = await optimizeParameters(enoughReviews.slice(0, 10), {
        loader: () => {
          loads++
          return Promise.reject(new Error('unexpected'))
        },
      })
      expect(result).toEqual({
        params: undefined,
        reason: 'too-few-reviews',
        detail: '20 reviews; at least 400 needed',
      })
      expect(loads).toBe(0)
    })

    it('degrades gracefully when the binding cannot be imported', async () => {
      const result = await optimizeParameters(enoughReviews, {
        loader: () => Promise.reject(new Error('no native build')),
      })
      expect(result).toMatchObject({
        params: undefined,
        reason: 'binding-unavailable',
        detail: expect.stringMatching(/no native build/),
      })
    })

    it('reports a failed or malformed training run instead of throwing', async () => {
      const failing = fakeBinding(() => Promise.reject(new Error('compute_parameters failed')))
      expect(
        await optimizeParameters(enoughReviews, { loader: async () => failing }),
      ).toMatchObject({
        params: undefined,
        reason: 'optimizer-failed',
        detail: 'compute_parameters failed',
      })
      const short = fakeBinding(async () => [1, 2, 3])
      expect(await optimizeParameters(enoughReviews, { loader: async () => short })).toMatchObject({
        params: undefined,
        reason: 'optimizer-failed',
      })
    })

    it.runIf(real.binding)(
      'lowers or keeps the log-loss on simulated reviews',
      { timeout: 20_000 },
      async () => {
        const log = simulate({ cards: 400, days: 300, seed: 42, trueW: TRUE_W })
        const result = await optimizeParameters(log)
        if (!result.params) throw new Error(`optimizer failed: ${result.reason} ${result.detail}`)
        expect(result.params).toHaveLength(21)
        expect(result.reviews).toBeGreaterThan(1_000)
        const before = logLoss(undefined, log)
        const after = logLoss({ w: result.params }, log)
        const truth = logLoss({ w: [...TRUE_W] }, log)
        expect(after).toBeLessThanOrEqual(before)
        expect(truth).toBeLessThan(before)
      },
    )
  })

  describe('logLoss', () => {
    it('is the cross-entropy of predicted recall, skipping first reviews', () => {
      // good on day 0 (stability w2 = 2.3065), then forgotten on day 3: p = R(3, 2.3065).
      const w = toFsrsParameters().w
      const p = new FSRSAlgorithm(toFsrsParameters()).forgetting_curve(3, w[2]!)
      const log: CardReviews[] = [
        [
          { date: '2025-01-01T10:00:00Z', rating: 'good' },
          { date: '2025-01-04T09:00:00Z', rating: 'again' },
        ],
        [{ date: '2025-01-01T10:00:00Z', rating: 'good' }],
      ]
      expect(p).toBeCloseTo(0.8809, 4)
      expect(logLoss(undefined, log)).toBeCloseTo(-Math.log(1 - p), 10)
    })

    it('is NaN when no review can be predicted', () => {
      expect(logLoss(undefined, [[{ date: '2025-01-01T10:00:00Z', rating: 'good' }]])).toBeNaN()
    })

    it('prefers the parameters the reviews were drawn from', () => {
      const log = simulate({ cards: 150, days: 200, seed: 7, trueW: TRUE_W })
      expect(logLoss({ w: [...TRUE_W] }, log)).toBeLessThan(logLoss(undefined, log))
    })
  })
})
