import { describe, expect, it } from 'vitest'
import {
  calendarConfidence,
  confidenceDots,
  newCard,
  retrievability,
  scheduleReview,
} from './schedule.js'
import { CardState, ReviewLogEntry, type ReviewEvaluation } from './schema.js'

const PERFECT: ReviewEvaluation = {
  transcriptionAccuracy: 'perfect',
  translationAccuracy: 'perfect',
}
const MINOR: ReviewEvaluation = {
  transcriptionAccuracy: 'minor',
  translationAccuracy: 'perfect',
  mistakeType: 'accent',
}
const MAJOR: ReviewEvaluation = {
  transcriptionAccuracy: 'perfect',
  translationAccuracy: 'major',
  mistakeType: 'meaning',
}
const SLOW = 90_000
const FAST = 20_000
const T0 = new Date('2025-03-03T12:00:00.000Z')
const DAY_MS = 86_400_000

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v)
    Object.freeze(value)
  }
  return value
}

describe('scheduler', () => {
  describe('scheduleReview', () => {
    it('gives the golden sequence of intervals for a whole review history on a fixed clock', () => {
      // Each review happens exactly when the card falls due. Default parameters (FSRS-6 weights,
      // retention 0.9, day-granular, no fuzz). Easy needs fast + two good/easy in a row before.
      const answers: [ReviewEvaluation, number][] = [
        [PERFECT, SLOW], // new → good
        [PERFECT, SLOW], // good
        [PERFECT, FAST], // streak 2 + fast → easy
        [MAJOR, FAST], // lapse
        [MINOR, FAST], // hard
        [PERFECT, SLOW],
        [PERFECT, SLOW],
        [PERFECT, FAST], // easy again
      ]
      let card = newCard(T0)
      let now = T0
      const logs = []
      for (const [evaluation, elapsedMs] of answers) {
        const { card: next, log } = scheduleReview(card, evaluation, now, { elapsedMs })
        logs.push(log)
        card = next
        now = new Date(next.due)
      }
      expect(logs.map((l) => l.rating)).toEqual([
        'good',
        'good',
        'easy',
        'again',
        'hard',
        'good',
        'good',
        'easy',
      ])
      expect(logs.map((l) => l.scheduledDays)).toEqual([3, 14, 95, 4, 8, 17, 34, 92])
      expect(logs.map((l) => l.elapsedDays)).toEqual([0, 3, 14, 95, 4, 8, 17, 34])
      expect(logs.map((l) => l.state)).toEqual([
        'new',
        'review',
        'review',
        'review',
        'review',
        'review',
        'review',
        'review',
      ])
      expect(logs.map((l) => Number(l.stability.toFixed(2)))).toEqual([
        2.31, 13.83, 94.6, 4.05, 8.15, 17.28, 34.45, 92.01,
      ])
      expect(card).toMatchObject({
        reps: 8,
        lapses: 1,
        streak: 3,
        state: 'review',
        scheduledDays: 92,
      })
      expect(card.due).toBe('2025-11-25T12:00:00.000Z')
    })

    it('writes a log entry with the evaluation fields, before-state and memory state after', () => {
      const { card, log } = scheduleReview(
        newCard(T0),
        { ...MINOR, transcriptionFeedback: 'x' } as ReviewEvaluation,
        T0,
      )
      expect(ReviewLogEntry.parse(log)).toEqual(log)
      expect(log).toEqual({
        date: T0.toISOString(),
        rating: 'hard',
        evaluation: {
          transcriptionAccuracy: 'minor',
          translationAccuracy: 'perfect',
          mistakeType: 'accent',
        },
        state: 'new',
        elapsedDays: 0,
        scheduledDays: card.scheduledDays,
        stability: card.stability,
        difficulty: card.difficulty,
      })
    })

    it('never mutates the card or the evaluation', () => {
      const card = deepFreeze(newCard(T0))
      const evaluation = deepFreeze({ ...PERFECT })
      const before = structuredClone(card)
      const first = scheduleReview(card, evaluation, T0).card
      deepFreeze(first)
      scheduleReview(first, evaluation, new Date(first.due))
      expect(card).toEqual(before)
    })

    it('keeps the card JSON-serialisable and valid against its schema', () => {
      const { card } = scheduleReview(newCard(T0), PERFECT, T0)
      const roundTrip = CardState.parse(JSON.parse(JSON.stringify(card)))
      expect(roundTrip).toEqual(card)
      expect(scheduleReview(roundTrip, PERFECT, new Date(card.due))).toEqual(
        scheduleReview(card, PERFECT, new Date(card.due)),
      )
    })

    it('resets the good streak on hard or again', () => {
      let card = newCard(T0)
      card = scheduleReview(card, PERFECT, T0).card
      expect(card.streak).toBe(1)
      expect(scheduleReview(card, MINOR, new Date(card.due)).card.streak).toBe(0)
      expect(scheduleReview(card, MAJOR, new Date(card.due)).card.streak).toBe(0)
    })

    it('treats a clock earlier than the last review as the time of the last review', () => {
      const first = scheduleReview(newCard(T0), PERFECT, T0).card
      const { log } = scheduleReview(first, PERFECT, new Date(T0.getTime() - 60_000))
      expect(log.date).toBe(T0.toISOString())
      expect(log.elapsedDays).toBe(0)
    })

    it('schedules longer intervals for a lower requested retention', () => {
      const first = scheduleReview(newCard(T0), PERFECT, T0).card
      const at = new Date(first.due)
      const strict = scheduleReview(first, PERFECT, at).log.scheduledDays
      const relaxed = scheduleReview(first, PERFECT, at, { params: { requestRetention: 0.8 } }).log
        .scheduledDays
      expect(relaxed).toBeGreaterThan(strict)
    })

    it('is deterministic with fuzz and a seed, and keeps fuzz off by default', () => {
      let card = newCard(T0)
      for (let i = 0; i < 3; i++) card = scheduleReview(card, PERFECT, new Date(card.due)).card
      const at = new Date(card.due)
      const plain = scheduleReview(card, PERFECT, at).log.scheduledDays
      const fuzzed = (seed: string) =>
        scheduleReview(card, PERFECT, at, { params: { enableFuzz: true, seed } }).log.scheduledDays
      expect(fuzzed('learner-1')).toBe(fuzzed('learner-1'))
      const spread = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(fuzzed))
      expect(spread.size).toBeGreaterThan(1)
      for (const days of spread)
        expect(Math.abs(days - plain)).toBeLessThanOrEqual(Math.ceil(plain * 0.15) + 1)
    })
  })

  describe('newCard', () => {
    it('creates a new card due now with no memory state', () => {
      expect(newCard(T0)).toEqual({
        due: T0.toISOString(),
        stability: 0,
        difficulty: 0,
        scheduledDays: 0,
        learningSteps: 0,
        reps: 0,
        lapses: 0,
        state: 'new',
        lastReview: null,
        streak: 0,
      })
    })
  })

  describe('retrievability', () => {
    it('is 0 for a card never reviewed', () => {
      expect(retrievability(newCard(T0), T0)).toBe(0)
    })

    it('starts at 1, is about the requested retention at the due date and falls after it', () => {
      const card = scheduleReview(newCard(T0), PERFECT, T0).card
      // Three days scheduled for a stability of 2.31 days: a little under 0.9 at the due date.
      expect(retrievability(card, T0)).toBe(1)
      const atDue = retrievability(card, new Date(card.due))
      expect(atDue).toBeCloseTo(0.881, 3)
      expect(retrievability(card, new Date(Date.parse(card.due) + 30 * DAY_MS))).toBeLessThan(atDue)
      expect(retrievability(card, new Date(T0.getTime() - DAY_MS))).toBe(1)
    })
  })

  describe('confidenceDots', () => {
    it.each([
      [0, 0],
      [0.49, 0],
      [0.5, 1],
      [0.59, 1],
      [0.6, 2],
      [0.69, 2],
      [0.7, 3],
      [1, 3],
    ])('lights %s → %i dots', (r, dots) => {
      expect(confidenceDots(r)).toBe(dots)
    })
  })

  describe('calendarConfidence', () => {
    const dotsAfter = (answers: ReviewEvaluation[], days = 0) => {
      let card = newCard(T0)
      let t = T0
      for (const answer of answers) {
        card = scheduleReview(card, answer, t).card
        t = new Date(card.due)
      }
      const last = Date.parse(card.lastReview!)
      return confidenceDots(calendarConfidence(card, new Date(last + days * DAY_MS)))
    }

    it('keeps the latest rating on the card', () => {
      expect(scheduleReview(newCard(T0), MAJOR, T0).card.lastRating).toBe('again')
      expect(scheduleReview(newCard(T0), MINOR, T0).card.lastRating).toBe('hard')
      expect(scheduleReview(newCard(T0), PERFECT, T0).card.lastRating).toBe('good')
    })

    it('shows one dot after major errors, never three, however well the card was known', () => {
      expect(dotsAfter([PERFECT, PERFECT, PERFECT, MAJOR])).toBe(1)
      expect(dotsAfter([MAJOR])).toBe(1)
      expect(dotsAfter([PERFECT, MAJOR], 20)).toBe(1)
    })

    it('shows at most two dots after minor errors and three after a clean answer', () => {
      expect(dotsAfter([PERFECT, MINOR])).toBe(2)
      expect(dotsAfter([PERFECT, PERFECT])).toBe(3)
    })

    it('loses dots as a clean card goes overdue, down to one', () => {
      expect(dotsAfter([PERFECT], 1)).toBe(3)
      expect(dotsAfter([PERFECT], 400)).toBe(1)
    })

    it('treats an old card without lastRating and with no streak as last failed', () => {
      const { lastRating: _drop, ...old } = scheduleReview(newCard(T0), PERFECT, T0).card
      expect(confidenceDots(calendarConfidence({ ...old, streak: 0 }, T0))).toBe(1)
      expect(confidenceDots(calendarConfidence({ ...old, streak: 1 }, T0))).toBe(3)
      expect(calendarConfidence(newCard(T0), T0)).toBe(0)
    })
  })
})
