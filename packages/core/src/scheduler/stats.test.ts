import { describe, expect, it } from 'vitest'
import { CalendarItem, ScheduleStats } from '../contract/entities.js'
import type { Accuracy } from '../contract/evaluation.js'
import { newCard, scheduleReview } from './schedule.js'
import {
  byCodeUnits,
  calendarItemConfidence,
  calendarItems,
  scheduleStats,
  type ScheduleStatsInput,
} from './stats.js'
import { confidenceDots } from './schedule.js'

const BA = 'America/Argentina/Buenos_Aires'
const NOW = new Date('2025-05-01T15:00:00Z') // 12:00 in Buenos Aires; next midnight 2025-05-02T03:00Z

const review = (transcriptionAccuracy: Accuracy, translationAccuracy: Accuracy) => ({
  evaluation: { transcriptionAccuracy, translationAccuracy },
})

// Three records, five reviews of which two perfect/perfect → score 40.
const progress: ScheduleStatsInput['progress'] = [
  {
    dueDate: '2025-04-28T12:00:00Z', // past due
    history: [review('perfect', 'perfect'), review('minor', 'perfect')],
    missedWords: ['laburo', 'Che'],
    isSandbox: true,
  },
  {
    dueDate: '2025-05-02T01:00:00Z', // later today, local time
    history: [review('major', 'major'), review('perfect', 'perfect')],
    missedWords: ['che ', 'boludo', 'laburo'],
    isSandbox: true,
  },
  {
    dueDate: '2025-05-06T12:00:00Z', // future
    history: [review('perfect', 'minor')],
    missedWords: [],
    isSandbox: false,
  },
]

function input(overrides: Partial<ScheduleStatsInput> = {}): ScheduleStatsInput {
  return {
    now: NOW,
    timeZone: BA,
    progress,
    newToday: 2,
    dailyNewLimit: 5,
    candidatesAvailable: true,
    reportMinReviews: 5,
    reviewsCount: 5,
    ...overrides,
  }
}

describe('stats', () => {
  describe('scheduleStats', () => {
    it('summarises a small known history', () => {
      const stats = scheduleStats(input())
      expect(ScheduleStats.parse(stats)).toEqual(stats)
      expect(stats).toEqual({
        numSeen: 3,
        numPastDue: 2,
        pastDueDate: '2025-04-28T12:00:00.000Z',
        score: 40,
        nextDueDate: '2025-05-06T12:00:00.000Z',
        isNewAllowed: true,
        enableGetNext: true,
        upToDate: false,
        missed: 5,
        unique: 3,
        numSandboxes: 2,
        reportState: 1,
      })
    })

    it('scores from review totals counted beside the log, without reading any history', () => {
      const withoutHistory = progress.map(({ history: _history, ...record }) => record)
      const totals = scheduleStats(
        input({ progress: withoutHistory, reviews: { count: 5, perfect: 2 } }),
      )
      expect(totals).toEqual(scheduleStats(input()))
      expect(
        scheduleStats(input({ progress: withoutHistory, reviews: { count: 3, perfect: 2 } })).score,
      ).toBe(67)
      expect(
        scheduleStats(input({ progress: withoutHistory, reviews: { count: 0, perfect: 0 } })).score,
      ).toBe(0)
    })

    it('is up to date with nothing due today; get-next then depends on the daily new limit', () => {
      const future = [progress[2]!]
      expect(scheduleStats(input({ progress: future }))).toMatchObject({
        numPastDue: 0,
        pastDueDate: null,
        upToDate: true,
        isNewAllowed: true,
        enableGetNext: true,
        nextDueDate: '2025-05-06T12:00:00.000Z',
      })
      expect(scheduleStats(input({ progress: future, newToday: 5 }))).toMatchObject({
        isNewAllowed: false,
        enableGetNext: false,
        nextDueDate: '2025-05-02T03:00:00.000Z', // new items unlock at local midnight
      })
      expect(scheduleStats(input({ progress: future, candidatesAvailable: false }))).toMatchObject({
        isNewAllowed: false,
        enableGetNext: false,
        nextDueDate: '2025-05-06T12:00:00.000Z',
      })
    })

    it('reports state 4 until enough reviews, and zeros for an empty calendar', () => {
      expect(scheduleStats(input({ reviewsCount: 4 })).reportState).toBe(4)
      expect(
        scheduleStats(input({ progress: [], candidatesAvailable: false, reviewsCount: 0 })),
      ).toEqual({
        numSeen: 0,
        numPastDue: 0,
        pastDueDate: null,
        score: 0,
        nextDueDate: null,
        isNewAllowed: false,
        enableGetNext: false,
        upToDate: true,
        missed: 0,
        unique: 0,
        numSandboxes: 0,
        reportState: 4,
      })
    })

    it('rounds the score to a whole percentage', () => {
      const one = { dueDate: '2025-06-01T00:00:00Z', missedWords: [], isSandbox: false }
      const stats = scheduleStats(
        input({
          progress: [
            {
              ...one,
              history: [
                review('perfect', 'perfect'),
                review('minor', 'minor'),
                review('minor', 'minor'),
              ],
            },
          ],
        }),
      )
      expect(stats.score).toBe(33)
    })
  })

  describe('calendarItems', () => {
    it('orders ISO timestamps and UUIDs by code unit exactly as localeCompare did', () => {
      const keys = Array.from({ length: 300 }, (_, i) =>
        i % 2 ? crypto.randomUUID() : new Date(Date.UTC(2025, 0, 1) + i * 7_777_777).toISOString(),
      )
      const sign = (n: number) => Math.sign(n)
      for (const a of keys) {
        for (const b of keys.slice(0, 40)) {
          expect(sign(byCodeUnits(a, b)), `${a} ${b}`).toBe(sign(a.localeCompare(b)))
        }
      }
    })

    it('gives each record its usage band label and icon and its current confidence, soonest first', () => {
      const t0 = new Date('2025-04-20T12:00:00Z')
      const reviewed = scheduleReview(
        newCard(t0),
        { transcriptionAccuracy: 'perfect', translationAccuracy: 'perfect' },
        t0,
      ).card
      const base = { tone: 'Casual' as const, idiom: 'tomarse el palo', card: reviewed }
      const items = calendarItems(
        [
          {
            ...base,
            progressId: '00000000-0000-4000-8000-000000000002',
            dueDate: '2025-05-03T12:00:00Z',
            usage: 9,
          },
          {
            ...base,
            progressId: '00000000-0000-4000-8000-000000000001',
            dueDate: '2025-04-23T12:00:00Z',
            usage: 1,
            tone: 'Street',
          },
          {
            ...base,
            progressId: '00000000-0000-4000-8000-000000000003',
            dueDate: '2025-05-03T12:00:00Z',
            usage: 5,
            card: newCard(t0),
          },
          {
            ...base,
            progressId: '00000000-0000-4000-8000-000000000004',
            dueDate: '2025-05-04T12:00:00Z',
            usage: 3,
          },
        ],
        NOW,
      )
      for (const item of items) expect(CalendarItem.parse(item)).toEqual(item)
      expect(
        items.map((i) => [i.progressId.slice(-1), i.range.label, i.range.icon, i.tone]),
      ).toEqual([
        ['1', 'Super rare', 'snowflake', 'Street'],
        ['2', 'Super common', 'flame', 'Casual'],
        ['3', 'Common', 'star', 'Casual'],
        ['4', 'Uncommon', 'leaf', 'Casual'],
      ])
      // Reviewed once 11 days ago, stability 2.31 days: FSRS-6's flat tail still gives 0.764. Never reviewed → 0.
      expect(items[0]!.confidence).toBe(0.764)
      expect(items[2]!.confidence).toBe(0)
      expect(items.map((i) => i.idiom)).toEqual(Array(4).fill('tomarse el palo'))
    })

    it('writes every due date as canonical ISO 8601, whether given so, as PostgreSQL text or with an offset', () => {
      const card = newCard(new Date('2025-04-20T12:00:00Z'))
      const at = (dueDate: string) =>
        calendarItems(
          [
            {
              progressId: '00000000-0000-4000-8000-000000000001',
              dueDate,
              tone: 'Casual',
              usage: 5,
              idiom: 'al toque',
              card,
            },
          ],
          NOW,
        )[0]!.dueDate
      expect(at('2025-05-03T12:00:00.000Z')).toBe('2025-05-03T12:00:00.000Z')
      expect(at('2025-05-03 12:00:00.5+00')).toBe('2025-05-03T12:00:00.500Z')
      expect(at('2025-05-03T09:00:00-03:00')).toBe('2025-05-03T12:00:00.000Z')
      expect(() => at('not a date')).toThrow(RangeError)
    })

    it('shows one dot for a card last answered with major errors, right after the answer', () => {
      const t0 = new Date('2025-04-30T12:00:00Z')
      const good = scheduleReview(
        newCard(t0),
        { transcriptionAccuracy: 'perfect', translationAccuracy: 'perfect' },
        t0,
      ).card
      // Answered again the next day with major errors: retrievability is back near 1, but the
      // card was just failed.
      const failed = scheduleReview(
        good,
        { transcriptionAccuracy: 'major', translationAccuracy: 'perfect' },
        NOW,
      ).card
      const [item] = calendarItems(
        [
          {
            progressId: '00000000-0000-4000-8000-000000000001',
            dueDate: failed.due,
            tone: 'Casual',
            usage: 8,
            idiom: 'al toque',
            card: failed,
          },
        ],
        NOW,
      )
      expect(item!.confidence).toBe(0.5)
      expect(confidenceDots(item!.confidence)).toBe(1)
    })
  })
})

describe('calendarItemConfidence', () => {
  // A server keeps a card's confidence while it is the same at two instants, as it then is all
  // the time between (decision 069): that needs it never to rise as time passes.
  it('never rises as time passes with nothing written', () => {
    let seed = 20261125
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    const states = ['new', 'learning', 'review', 'relearning'] as const
    const ratings = [undefined, 'again', 'hard', 'good', 'easy'] as const
    for (let n = 0; n < 400; n++) {
      const lastReview = new Date(NOW.getTime() - random() * 400 * 86_400_000)
      const card = {
        state: states[Math.floor(random() * states.length)]!,
        lastReview: random() < 0.05 ? null : lastReview.toISOString(),
        stability: random() < 0.05 ? 0 : 0.05 + random() ** 2 * 800,
        streak: Math.floor(random() * 4),
        lastRating: ratings[Math.floor(random() * ratings.length)],
      }
      let previous = Number.POSITIVE_INFINITY
      // From before the review to two years on, in steps of a minute to a month.
      for (let t = lastReview.getTime() - 86_400_000; t < NOW.getTime() + 730 * 86_400_000; ) {
        const confidence = calendarItemConfidence(card, new Date(t))
        expect(confidence, JSON.stringify({ card, at: new Date(t) })).toBeLessThanOrEqual(previous)
        previous = confidence
        t += 60_000 + random() * 30 * 86_400_000 * random() ** 3
      }
    }
  })
})
