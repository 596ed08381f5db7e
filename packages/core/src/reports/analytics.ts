import type { Accuracy, MistakeType } from '../contract/evaluation.js'
import { TONES, type Tone } from '../domain/tones.js'
import { USAGE_BANDS, usageBand, type UsageBand } from '../domain/usage.js'
import { localWallClock, resolveTimeZone } from '../scheduler/due.js'
import type { AccuracyShares, PartOfDay, ReportFacts, ReportReview } from './schema.js'
import { PARTS_OF_DAY } from './schema.js'

const DAY_MS = 86_400_000
/** Every zone's offset and every DST jump is a whole number of quarter hours. */
const QUARTER_HOUR_MS = 900_000
const TOP_N = 10

/**
 * Local hours of each part of day: morning 05:00–11:59, afternoon 12:00–16:59,
 * evening 17:00–20:59, night 21:00–04:59.
 */
export function partOfDay(hour: number): PartOfDay {
  if (hour >= 5 && hour < 12) return 'morning'
  if (hour >= 12 && hour < 17) return 'afternoon'
  if (hour >= 17 && hour < 21) return 'evening'
  return 'night'
}

/** round(100 × part ÷ whole), half up; 0 when whole is 0. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((100 * part) / whole)
}

/** The worse of the two grades: a review is only as good as its weaker field. */
function overallGrade(a: Accuracy, b: Accuracy): Accuracy {
  if (a === 'major' || b === 'major') return 'major'
  if (a === 'minor' || b === 'minor') return 'minor'
  return 'perfect'
}

/** Words compare case-insensitively and trimmed, as the dashboard counts them (stats.ts). */
function wordKey(word: string): string {
  return word.normalize('NFC').trim().toLocaleLowerCase('es')
}

const isoDay = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10)
/** Local day numbers count from Thursday 1970-01-01; the Monday on or before a day. */
const mondayOf = (dayNumber: number) => dayNumber - ((dayNumber + 3) % 7)

interface Tally {
  reviews: number
  perfect: number
}
interface Grades {
  perfect: number
  minor: number
  major: number
}
const grades = (): Grades => ({ perfect: 0, minor: 0, major: 0 })
const shares = (g: Grades, n: number): AccuracyShares => ({
  perfect: percent(g.perfect, n),
  minor: percent(g.minor, n),
  major: percent(g.major, n),
})
const byCountThenName =
  <T>(count: (x: T) => number, name: (x: T) => string) =>
  (a: T, b: T) =>
    count(b) - count(a) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0)

/**
 * A fast local wall clock for many instants: Intl is asked for the offset at the two ends of
 * each UTC day, and when they agree (every day but DST changes) the offset is used for the whole
 * day. Days with a change are read per quarter hour (every zone's offset and every DST jump is a
 * whole number of quarter hours). About 10x faster than asking Intl for every review.
 */
function localClockFor(timeZone: string): (ms: number) => { dayNumber: number; hour: number } {
  const offsetAt = (ms: number) => {
    const w = localWallClock(ms, timeZone)
    return (
      w.dayNumber * DAY_MS +
      w.hour * 3_600_000 +
      w.minute * 60_000 -
      Math.floor(ms / 60_000) * 60_000
    )
  }
  const dayOffsets = new Map<number, number | null>()
  const buckets = new Map<number, { dayNumber: number; hour: number }>()
  return (ms) => {
    const utcDay = Math.floor(ms / DAY_MS)
    let offset = dayOffsets.get(utcDay)
    if (offset === undefined) {
      const start = offsetAt(utcDay * DAY_MS)
      offset = start === offsetAt((utcDay + 1) * DAY_MS - 60_000) ? start : null
      dayOffsets.set(utcDay, offset)
    }
    if (offset !== null) {
      const wall = ms + offset
      const dayNumber = Math.floor(wall / DAY_MS)
      return { dayNumber, hour: Math.floor((wall - dayNumber * DAY_MS) / 3_600_000) }
    }
    const bucket = Math.floor(ms / QUARTER_HOUR_MS)
    let hit = buckets.get(bucket)
    if (!hit) {
      hit = localWallClock(bucket * QUARTER_HOUR_MS, timeZone)
      buckets.set(bucket, hit)
    }
    return hit
  }
}

export interface FactsOptions {
  /** The learner's IANA time zone (unknown → UTC): days, weeks and parts of day are local. */
  timeZone: string
  /** Today, for the current streak. */
  now: Date
}

/**
 * Every figure of a progress report, from a learner's reviews (any order). Pure: `now` and the
 * zone come in. Reviews whose date does not parse are left out.
 *
 * - "Perfect" means both fields perfect; a review's overall grade is its worse field.
 * - Weeks run Monday–Sunday in the learner's zone, labelled by the Monday (YYYY-MM-DD).
 * - The current streak counts consecutive local days with a review ending today, or yesterday
 *   when there is none yet today (the day is not over); 0 otherwise. Longest: the longest run.
 * - Missed idioms are reviews rated again (a major error in either field).
 */
export function computeFacts(reviews: readonly ReportReview[], options: FactsOptions): ReportFacts {
  const timeZone = resolveTimeZone(options.timeZone)
  const wallClock = localClockFor(timeZone)

  let count = 0
  let first = Infinity
  let last = -Infinity
  let perfectBoth = 0
  const transcription = grades()
  const translation = grades()
  const weeks = new Map<
    number,
    { n: number; overall: Grades; transcription: Grades; translation: Grades }
  >()
  const tones = new Map<Tone, Tally>()
  const bands = new Map<UsageBand, Tally>()
  const mistakes = new Map<MistakeType, number>()
  const words = new Map<string, number>()
  const idioms = new Map<string, { reviews: number; missed: number }>()
  const days = new Set<number>()
  const parts = new Map<PartOfDay, Tally>(PARTS_OF_DAY.map((p) => [p, { reviews: 0, perfect: 0 }]))

  for (const r of reviews) {
    const ms = Date.parse(r.date)
    if (Number.isNaN(ms)) continue
    count++
    if (ms < first) first = ms
    if (ms > last) last = ms
    const grade = overallGrade(r.transcriptionAccuracy, r.translationAccuracy)
    const perfect = grade === 'perfect' ? 1 : 0
    perfectBoth += perfect
    transcription[r.transcriptionAccuracy]++
    translation[r.translationAccuracy]++

    const { dayNumber, hour } = wallClock(ms)
    days.add(dayNumber)
    const monday = mondayOf(dayNumber)
    let week = weeks.get(monday)
    if (!week) {
      week = { n: 0, overall: grades(), transcription: grades(), translation: grades() }
      weeks.set(monday, week)
    }
    week.n++
    week.overall[grade]++
    week.transcription[r.transcriptionAccuracy]++
    week.translation[r.translationAccuracy]++

    const part = parts.get(partOfDay(hour))!
    part.reviews++
    part.perfect += perfect

    const tone = tones.get(r.tone) ?? { reviews: 0, perfect: 0 }
    tone.reviews++
    tone.perfect += perfect
    tones.set(r.tone, tone)
    if (Number.isInteger(r.usage) && r.usage >= 1 && r.usage <= 10) {
      const b = usageBand(r.usage)
      const band = bands.get(b) ?? { reviews: 0, perfect: 0 }
      band.reviews++
      band.perfect += perfect
      bands.set(b, band)
    }

    if (r.mistakeType && r.mistakeType !== 'none')
      mistakes.set(r.mistakeType, (mistakes.get(r.mistakeType) ?? 0) + 1)
    // A word listed twice in one review counts once for it.
    for (const w of new Set(r.missedWords.map(wordKey)))
      if (w) words.set(w, (words.get(w) ?? 0) + 1)
    const idiom = idioms.get(r.idiomText) ?? { reviews: 0, missed: 0 }
    idiom.reviews++
    if (r.rating === 'again') idiom.missed++
    idioms.set(r.idiomText, idiom)
  }

  // Streaks over the sorted distinct local days.
  const sortedDays = [...days].sort((a, b) => a - b)
  let longest = 0
  let run = 0
  let previous = Number.NaN
  for (const d of sortedDays) {
    run = d === previous + 1 ? run + 1 : 1
    if (run > longest) longest = run
    previous = d
  }
  const today = localWallClock(options.now, timeZone).dayNumber
  const lastDay = sortedDays.at(-1)
  const current = lastDay !== undefined && (lastDay === today || lastDay === today - 1) ? run : 0

  const tally = (t: Tally) => ({
    reviews: t.reviews,
    perfect: t.perfect,
    perfectRate: percent(t.perfect, t.reviews),
  })

  return {
    reviewCount: count,
    firstReview: count ? new Date(first).toISOString() : null,
    lastReview: count ? new Date(last).toISOString() : null,
    timeZone,
    overall: {
      reviews: count,
      perfect: perfectBoth,
      perfectRate: percent(perfectBoth, count),
      transcription: shares(transcription, count),
      translation: shares(translation, count),
    },
    accuracyTrend: [...weeks.entries()]
      .sort(([a], [b]) => a - b)
      .map(([monday, w]) => ({
        week: isoDay(monday),
        reviews: w.n,
        ...shares(w.overall, w.n),
        transcription: shares(w.transcription, w.n),
        translation: shares(w.translation, w.n),
      })),
    byTone: TONES.filter((t) => tones.has(t)).map((tone) => ({ tone, ...tally(tones.get(tone)!) })),
    byBand: USAGE_BANDS.filter((b) => bands.has(b)).map((band) => ({
      band,
      ...tally(bands.get(band)!),
    })),
    byMistakeType: [...mistakes.entries()]
      .map(([mistakeType, n]) => ({ mistakeType, count: n, share: percent(n, count) }))
      .sort(
        byCountThenName(
          (m) => m.count,
          (m) => m.mistakeType,
        ),
      ),
    topMissedWords: [...words.entries()]
      .map(([word, n]) => ({ word, count: n }))
      .sort(
        byCountThenName(
          (w) => w.count,
          (w) => w.word,
        ),
      )
      .slice(0, TOP_N),
    topMissedIdioms: [...idioms.entries()]
      .filter(([, i]) => i.missed > 0)
      .map(([idiom, i]) => ({ idiom, reviews: i.reviews, missed: i.missed }))
      .sort(
        byCountThenName(
          (i) => i.missed,
          (i) => i.idiom,
        ),
      )
      .slice(0, TOP_N),
    streak: { current, longest },
    timeOfDay: PARTS_OF_DAY.map((part) => ({ part, ...tally(parts.get(part)!) })),
  }
}
