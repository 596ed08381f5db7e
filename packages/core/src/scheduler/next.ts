import type { PreferenceFilter } from '../contract/entities.js'
import type { Tone } from '../domain/tones.js'
import { USAGE_BAND_RANGES } from '../domain/usage.js'
import { canonicalInstant, nextLocalMidnight } from './due.js'

/** A progress record as far as selection cares. */
export interface ProgressDue {
  exampleId: string
  /** ISO date-time the record is next due. */
  dueDate: string
  /**
   * Playroom flag (the record has missed words to drill). It does not take the record off the
   * calendar, so selection treats flagged and unflagged records alike.
   */
  isSandbox?: boolean
}

/** An example the learner has never seen. */
export interface NewCandidate {
  exampleId: string
  idiomId: string
  tone: Tone
  /** Usage of the example's idiom, 1–10. */
  usage: number
}

/**
 * What selection needs of a learner's records, found already: by `summariseForNext` over the
 * records, or by the database (the server, decision 050 session 16: no object per record, so
 * /next costs about the same for 10 cards as for 700).
 */
export interface NextSummary {
  /** The record due before the end of today that has been due longest (ties by exampleId). */
  dueLongest: string | null
  /** The earliest due date at or after the end of today (canonical ISO 8601), or null. */
  nextDue: string | null
  /**
   * Whether the learner has a record for an example. Asked only for the forced example, and for
   * new candidates when nothing is due (`dueLongest` null): it must answer those truly.
   */
  seen: { has(exampleId: string): boolean }
}

/** The NextSummary of `progress` (`endOfToday`: the next local midnight, ms). */
export function summariseForNext(
  progress: readonly ProgressDue[],
  endOfToday: number,
): NextSummary {
  // Canonical ISO strings compare in time order, which spares a Date.parse per record.
  const end = new Date(endOfToday).toISOString()
  let best: { exampleId: string; due: string } | null = null
  let nextDue: string | null = null
  const seen = new Set<string>()
  for (const p of progress) {
    seen.add(p.exampleId)
    const due = canonicalInstant(p.dueDate)
    if (due === null) continue
    if (due >= end) {
      if (nextDue === null || due < nextDue) nextDue = due
    } else if (!best || due < best.due || (due === best.due && p.exampleId < best.exampleId)) {
      best = { exampleId: p.exampleId, due }
    }
  }
  return { dueLongest: best?.exampleId ?? null, nextDue, seen }
}

export interface ChooseNextInput {
  now: Date
  /** The learner's IANA time zone; unknown zones count as UTC. */
  timeZone: string
  /** The learner's records; or, instead, `summary` (found by the database). */
  progress?: readonly ProgressDue[]
  summary?: NextSummary
  candidates: readonly NewCandidate[]
  /** Preference filter for new items; '' means All. Due items are served whatever the filter. */
  filter: PreferenceFilter
  /** New items introduced since the learner's local midnight. */
  newToday: number
  dailyNewLimit: number
  /** Admin preference getNextExample: served next whatever else is due or allowed. */
  forcedExampleId?: string | undefined
  /** Varies the order of equally common new items (e.g. the user id); omit for exampleId order. */
  seed?: string | undefined
}

export type NextChoice =
  | { kind: 'due'; exampleId: string }
  | { kind: 'new'; exampleId: string }
  | { kind: 'none'; nextDueDate: string | null }

/** True when a candidate matches the preference filter (usage band and tone; '' = All). */
export function matchesFilter(
  candidate: Pick<NewCandidate, 'tone' | 'usage'>,
  filter: PreferenceFilter,
): boolean {
  if (filter.tone !== '' && candidate.tone !== filter.tone) return false
  if (filter.usage !== '') {
    const range = USAGE_BAND_RANGES[filter.usage]
    if (candidate.usage < range.min || candidate.usage > range.max) return false
  }
  return true
}

/** Spec §4: filter values are merged into the existing filter; an absent value keeps the old one. */
export function mergeFilter(
  current: PreferenceFilter,
  patch: Partial<PreferenceFilter>,
): PreferenceFilter {
  return {
    usage: patch.usage ?? current.usage,
    tone: patch.tone ?? current.tone,
  }
}

/** 32-bit FNV-1a of `${seed}:${id}` (without building that string): a stable, well-spread sort key. */
function shuffleKey(seed: string, id: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  hash ^= 0x3a // ':'
  hash = Math.imul(hash, 0x01000193)
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * Order of new items: most common idioms first (usage 10 before 1), so a learner meets what
 * they will hear most; ties by exampleId, or by a hash of seed + exampleId when a seed is given
 * (a stable shuffle: the same learner always sees the same order, different learners differ).
 */
export function compareCandidates(a: NewCandidate, b: NewCandidate, seed?: string): number {
  if (a.usage !== b.usage) return b.usage - a.usage
  if (seed !== undefined) {
    const ka = shuffleKey(seed, a.exampleId)
    const kb = shuffleKey(seed, b.exampleId)
    if (ka !== kb) return ka - kb
  }
  return a.exampleId < b.exampleId ? -1 : a.exampleId > b.exampleId ? 1 : 0
}

/**
 * When the next exercise becomes available once nothing is due today and no new item may be
 * introduced: the earliest later due date (`earliestLater`, canonical ISO 8601, or null), or the
 * next local midnight when the daily new limit is all that holds a new item back (the count
 * resets then), whichever comes first.
 */
export function availableFrom(
  earliestLater: string | null,
  endOfToday: number,
  newBlockedByDailyLimit: boolean,
): string | null {
  const end = new Date(endOfToday).toISOString()
  if (newBlockedByDailyLimit && (earliestLater === null || end < earliestLater)) return end
  return earliestLater
}

/**
 * Pick the next exercise. In order:
 * 1. `forcedExampleId` (admin preference): 'due' if the learner has a record for it, else 'new'.
 * 2. The item due today (before the next local midnight) that has been due longest; ties by exampleId.
 * 3. A new item matching the filter while `newToday < dailyNewLimit`, in `compareCandidates` order.
 * 4. Otherwise none, with the date the next exercise becomes available (see availableFrom).
 */
export function chooseNext(input: ChooseNextInput): NextChoice {
  const endOfToday = nextLocalMidnight(input.now, input.timeZone).getTime()
  const summary = input.summary ?? summariseForNext(input.progress ?? [], endOfToday)
  const { seen } = summary
  const forced = input.forcedExampleId?.trim()
  if (forced) return { kind: seen.has(forced) ? 'due' : 'new', exampleId: forced }
  if (summary.dueLongest !== null) return { kind: 'due', exampleId: summary.dueLongest }

  // Candidates should all be unseen; drop any that are not. One pass over the candidates, with
  // no copy of them: /next runs this on every request, over the whole library (the server passes
  // every example and lets this drop the seen ones), and the library is larger than the learner's
  // records.
  // The least in compareCandidates order, with the pick's shuffle key kept rather than hashed
  // again at each comparison (next.test.ts checks the two orders agree).
  let pick: NewCandidate | null = null
  let pickKey = 0
  const { seed } = input
  for (const c of input.candidates) {
    if (!matchesFilter(c, input.filter) || seen.has(c.exampleId)) continue
    if (pick && c.usage < pick.usage) continue
    if (!pick || c.usage > pick.usage) {
      pick = c
      pickKey = seed === undefined ? 0 : shuffleKey(seed, c.exampleId)
      continue
    }
    const key = seed === undefined ? 0 : shuffleKey(seed, c.exampleId)
    if (key < pickKey || (key === pickKey && c.exampleId < pick.exampleId)) {
      pick = c
      pickKey = key
    }
  }
  const underLimit = input.newToday < input.dailyNewLimit
  if (pick && underLimit) return { kind: 'new', exampleId: pick.exampleId }

  return {
    kind: 'none',
    nextDueDate: availableFrom(summary.nextDue, endOfToday, pick !== null),
  }
}
