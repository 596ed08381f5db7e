import type { z } from 'zod'
import type { CalendarItem, ScheduleStats } from '../contract/entities.js'
import { REPORT_STATE_NEW_AVAILABLE, REPORT_STATE_NOT_YET } from '../domain/limits.js'
import type { Tone } from '../domain/tones.js'
import {
  USAGE_BAND_RANGES,
  USAGE_MAX,
  USAGE_MIN,
  usageBand,
  type UsageBand,
} from '../domain/usage.js'
import type { Accuracy } from '../contract/evaluation.js'
import { canonicalInstant, nextLocalMidnight } from './due.js'
import { availableFrom } from './next.js'
import { calendarConfidence } from './schedule.js'
import type { CalendarCard, FsrsParams } from './schema.js'

/**
 * A progress record as far as the dashboard stats care. `history` is only read when the input
 * has no `reviews` totals (the server passes totals kept beside the review log).
 */
export interface ProgressForStats {
  dueDate: string
  history?: readonly {
    evaluation: { transcriptionAccuracy: Accuracy; translationAccuracy: Accuracy }
  }[]
  missedWords: readonly string[]
  isSandbox: boolean
}

/**
 * What the stats need of a learner's records, counted: over the records themselves
 * (`summariseProgress`) or by the database in one aggregate (the server, decision 044 session 14:
 * no object per record, so the dashboard costs about the same for 10 cards as for 600).
 */
export interface ProgressSummary {
  /** Records (examples met at least once). */
  numSeen: number
  /** Records due before the end of today. */
  numPastDue: number
  /** The earliest due date before the end of today (canonical ISO 8601), or null. */
  oldestDue: string | null
  /** The earliest due date at or after the end of today (canonical ISO 8601), or null. */
  nextDue: string | null
  /** Every record's missed words, with repeats. */
  missedWords: readonly string[]
  /** Records flagged isSandbox. */
  numSandboxes: number
}

/** The summary of `progress` as the stats count it (`endOfToday`: the next local midnight, ms). */
export function summariseProgress(
  progress: readonly ProgressForStats[],
  endOfToday: number,
): ProgressSummary {
  const end = new Date(endOfToday).toISOString()
  let numPastDue = 0
  let oldestDue: string | null = null
  let nextDue: string | null = null
  let numSandboxes = 0
  const missedWords: string[] = []
  for (const record of progress) {
    const due = canonicalInstant(record.dueDate)
    if (due !== null && due < end) {
      numPastDue++
      if (oldestDue === null || due < oldestDue) oldestDue = due
    } else if (due !== null && (nextDue === null || due < nextDue)) nextDue = due
    for (const word of record.missedWords) missedWords.push(word)
    if (record.isSandbox) numSandboxes++
  }
  return { numSeen: progress.length, numPastDue, oldestDue, nextDue, missedWords, numSandboxes }
}

export interface ScheduleStatsInput {
  now: Date
  timeZone: string
  /** The learner's records; or, instead, `summary` (counted by the database). */
  progress?: readonly ProgressForStats[]
  summary?: ProgressSummary
  /** New items introduced since the learner's local midnight. */
  newToday: number
  dailyNewLimit: number
  /** True when at least one never-seen example matches the learner's filter. */
  candidatesAvailable: boolean
  /** Reviews a learner needs before a progress report can be generated. */
  reportMinReviews: number
  reviewsCount: number
  /**
   * All reviews and those graded perfect/perfect, when counted already; otherwise the score is
   * counted over each record's `history`.
   */
  reviews?: { count: number; perfect: number } | undefined
}

type ScheduleStatsShape = z.infer<typeof ScheduleStats>
type CalendarItemShape = z.infer<typeof CalendarItem>

/** Words compare case- and accent-form-insensitively: 'Laburo', 'laburo ' are one word. */
function wordKey(word: string): string {
  return word.normalize('NFC').trim().toLocaleLowerCase('es')
}

/**
 * Dashboard figures (contract ScheduleStats).
 *
 * - numSeen: progress records (examples met at least once).
 * - numPastDue / pastDueDate: records due today, i.e. before the next local midnight, and the
 *   oldest of their due dates.
 * - score: round(100 × reviews graded perfect/perfect ÷ all reviews), over every history entry;
 *   0 with no reviews. Rounded to a whole percentage (half up).
 * - nextDueDate: when the next exercise becomes available after today (next.ts availableFrom):
 *   the earliest due date after today, or the next local midnight if only the daily new limit
 *   holds a new item back. Null when nothing is scheduled and nothing new will come.
 * - isNewAllowed: a matching new example exists and newToday < dailyNewLimit.
 * - enableGetNext: something is due today or a new item is allowed. upToDate: nothing due today.
 * - missed: all missed words across records (with repeats); unique: distinct missed words.
 * - numSandboxes: records flagged isSandbox, i.e. examples the Playroom can drill (the server
 *   flags a record when its example has missed words).
 * - reportState: 1 once reviewsCount ≥ reportMinReviews, else 4.
 */
export function scheduleStats(input: ScheduleStatsInput): ScheduleStatsShape {
  const endOfToday = nextLocalMidnight(input.now, input.timeZone).getTime()
  const summary = input.summary ?? summariseProgress(input.progress ?? [], endOfToday)
  let reviews = 0
  let perfect = 0
  if (input.reviews) {
    reviews = input.reviews.count
    perfect = input.reviews.perfect
  } else {
    for (const record of input.progress ?? [])
      for (const entry of record.history ?? []) {
        reviews++
        const e = entry.evaluation
        if (e.transcriptionAccuracy === 'perfect' && e.translationAccuracy === 'perfect') perfect++
      }
  }
  const unique = new Set<string>()
  for (const word of summary.missedWords) {
    const key = wordKey(word)
    if (key) unique.add(key)
  }
  const underLimit = input.newToday < input.dailyNewLimit
  const isNewAllowed = input.candidatesAvailable && underLimit
  return {
    numSeen: summary.numSeen,
    numPastDue: summary.numPastDue,
    pastDueDate: summary.oldestDue,
    score: reviews === 0 ? 0 : Math.round((100 * perfect) / reviews),
    nextDueDate: availableFrom(
      summary.nextDue,
      endOfToday,
      input.candidatesAvailable && !underLimit,
    ),
    isNewAllowed,
    enableGetNext: summary.numPastDue > 0 || isNewAllowed,
    upToDate: summary.numPastDue === 0,
    missed: summary.missedWords.length,
    unique: unique.size,
    numSandboxes: summary.numSandboxes,
    reportState:
      input.reviewsCount >= input.reportMinReviews
        ? REPORT_STATE_NEW_AVAILABLE
        : REPORT_STATE_NOT_YET,
  }
}

/**
 * Calendar icon per usage band: flame (super common, hot), star (common), leaf (uncommon),
 * snowflake (super rare, cold). Plain names; the web app maps them to its icon set.
 */
export const USAGE_BAND_ICONS: Record<UsageBand, string> = {
  super_common: 'flame',
  common: 'star',
  uncommon: 'leaf',
  super_rare: 'snowflake',
}

/** A progress record as far as the calendar cares. */
export interface ProgressForCalendar {
  progressId: string
  dueDate: string
  tone: Tone
  usage: number
  /** The idiom's text: the card's label. */
  idiom: string
  card: CalendarCard
}

/**
 * Calendar cards (contract CalendarItem), soonest due first (ties by progressId). `range` comes
 * from the usage band (label from USAGE_BAND_RANGES, icon from USAGE_BAND_ICONS; usage outside
 * 1–10 is clamped); `idiom` is the card's label; `confidence` is calendarConfidence (retrievability
 * at `now` capped by the latest rating, docs/decisions/012), rounded to 3 decimals.
 */
export function calendarItems(
  progress: readonly ProgressForCalendar[],
  now: Date,
  params?: FsrsParams,
): CalendarItemShape[] {
  return progress
    .map((record) => {
      const band = usageBand(Math.min(USAGE_MAX, Math.max(USAGE_MIN, Math.round(record.usage))))
      return {
        progressId: record.progressId,
        // Already canonical (the server's read writes it so) costs no Date; otherwise parsed.
        dueDate: canonicalInstant(record.dueDate) ?? new Date(record.dueDate).toISOString(),
        tone: record.tone,
        idiom: record.idiom,
        range: { label: USAGE_BAND_RANGES[band].label, icon: USAGE_BAND_ICONS[band] },
        confidence: calendarItemConfidence(record.card, now, params),
      }
    })
    .sort((a, b) => byCodeUnits(a.dueDate, b.dueDate) || byCodeUnits(a.progressId, b.progressId))
}

/**
 * A calendar item's `confidence`: calendarConfidence rounded to 3 decimals. The one rule for
 * calendarItems and for a server that keeps a learner's calendar and asks again only this, which
 * is what changes with the time (decision 069).
 */
export function calendarItemConfidence(card: CalendarCard, now: Date, params?: FsrsParams): number {
  return Math.round(calendarConfidence(card, now, params) * 1000) / 1000
}

/**
 * Orders ASCII keys (ISO timestamps, UUIDs) by code unit. `localeCompare` gave the same order but
 * took ICU collation: 3 of a 435-card calendar's 8 ms (decision 044, session 5).
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
