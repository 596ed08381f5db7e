/**
 * "Due today" in the learner's own time zone (spec §9: due today means before the next midnight).
 *
 * Offsets come from `Intl.DateTimeFormat` with a `timeZone`, so the answer follows the zone's
 * rules at that instant: daylight-saving changes (America/Los_Angeles), half-hour zones
 * (Asia/Kolkata, +5:30), far-east zones (Pacific/Kiritimati, +14) and zones without DST
 * (America/Argentina/Buenos_Aires, −3). An unknown or empty zone falls back to UTC.
 */

const DAY_MS = 86_400_000

interface LocalParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone)
  if (cached) return cached
  let formatter: Intl.DateTimeFormat
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone || 'UTC',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
  } catch {
    // Not cached, so junk zone names from requests cannot grow the map.
    return formatterFor('UTC')
  }
  formatters.set(timeZone, formatter)
  return formatter
}

/** Resolved names of the zones the runtime knows (`formatters`' keys; junk is never kept). */
const resolvedNames = new Map<string, string>()

/** The zone's IANA name if the runtime knows it, else 'UTC'. */
export function resolveTimeZone(timeZone: string): string {
  const known = resolvedNames.get(timeZone)
  if (known !== undefined) return known
  const name = formatterFor(timeZone).resolvedOptions().timeZone
  if (formatters.has(timeZone)) resolvedNames.set(timeZone, name)
  return name
}

function localParts(epochMs: number, timeZone: string): LocalParts {
  const out: LocalParts = { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 }
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type in out) out[part.type as keyof LocalParts] = Number(part.value)
  }
  // Some engines print midnight as 24 even with h23.
  if (out.hour === 24) out.hour = 0
  return out
}

/** Offset of the zone from UTC at an instant, in ms (Buenos Aires: −3 h). */
function offsetAt(epochMs: number, timeZone: string): number {
  const p = localParts(epochMs, timeZone)
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return wall - Math.floor(epochMs / 1000) * 1000
}

function computeLocalDayNumber(epochMs: number, timeZone: string): number {
  const p = localParts(epochMs, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS
}

/**
 * The local day last asked about, per zone: its first instant, the next day's, and its number.
 * Every /next and stats request asks which day "now" is in, several times; each answer from
 * `formatToParts` costs more than the rest of the date arithmetic of the request, and "now"
 * stays in the same local day all day.
 */
const currentDays = new Map<string, { start: number; end: number; day: number }>()

function localDayNumber(epochMs: number, timeZone: string): number {
  const known = currentDays.get(timeZone)
  if (known && epochMs >= known.start && epochMs < known.end) return known.day
  const day = computeLocalDayNumber(epochMs, timeZone)
  const start = startOfDayNumber(day, timeZone)
  const end = startOfDayNumber(day + 1, timeZone)
  // The day's bounds hold the instant by definition; checked anyway, so a zone rule the search
  // below got wrong costs a formatToParts call, never a wrong day.
  if (epochMs >= start && epochMs < end) {
    if (currentDays.size >= 1_000) currentDays.clear()
    currentDays.set(timeZone, { start, end, day })
  }
  return day
}

/**
 * The first instant of a local calendar day (given as days since 1970-01-01 on the wall clock).
 * Usually 00:00; when midnight is skipped by a DST change it is the moment the clocks jump.
 */
function startOfDayNumber(dayNumber: number, timeZone: string): number {
  // A day's first instant never changes: remembered, because /next and the stats ask for today's
  // start and end on every request and each costs several formatToParts calls.
  const key = `${timeZone} ${dayNumber}`
  const known = dayStarts.get(key)
  if (known !== undefined) return known
  const start = computeStartOfDayNumber(dayNumber, timeZone)
  if (dayStarts.size >= 1_000) dayStarts.clear()
  dayStarts.set(key, start)
  return start
}

/** Remembered first instants of local days, by zone and day number (at most 1,000). */
const dayStarts = new Map<string, number>()

function computeStartOfDayNumber(dayNumber: number, timeZone: string): number {
  const wall = dayNumber * DAY_MS
  // At most one offset change lies within a day of any midnight, so these cover both sides.
  const offsets = new Set([offsetAt(wall - DAY_MS, timeZone), offsetAt(wall + DAY_MS, timeZone)])
  offsets.add(offsetAt(wall - [...offsets][0]!, timeZone))
  const exact = [...offsets]
    .map((offset) => wall - offset)
    .filter((t) => {
      const p = localParts(t, timeZone)
      return (
        Date.UTC(p.year, p.month - 1, p.day) === wall &&
        p.hour === 0 &&
        p.minute === 0 &&
        p.second === 0
      )
    })
  if (exact.length > 0) return Math.min(...exact)
  // Midnight does not exist that day: find the first second whose local date is the day.
  let lo = Math.floor((wall - Math.max(...offsets) - DAY_MS / 2) / 1000)
  let hi = Math.ceil((wall - Math.min(...offsets) + DAY_MS / 2) / 1000)
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2)
    if (computeLocalDayNumber(mid * 1000, timeZone) >= dayNumber) hi = mid
    else lo = mid
  }
  return hi * 1000
}

/**
 * The learner's wall clock at an instant: `dayNumber` counts local calendar days since
 * 1970-01-01 (consecutive local days differ by exactly 1, whatever DST does), `hour` is 0–23.
 */
export function localWallClock(
  at: Date | number,
  timeZone: string,
): { dayNumber: number; hour: number; minute: number } {
  const epochMs = typeof at === 'number' ? at : at.getTime()
  const p = localParts(epochMs, timeZone)
  return {
    dayNumber: Date.UTC(p.year, p.month - 1, p.day) / DAY_MS,
    hour: p.hour,
    minute: p.minute,
  }
}

/** The start (usually 00:00) of the learner's local day containing `now`. */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  return new Date(startOfDayNumber(localDayNumber(now.getTime(), timeZone), timeZone))
}

/** The learner's next local midnight after `now`: the end of "today". */
export function nextLocalMidnight(now: Date, timeZone: string): Date {
  return new Date(startOfDayNumber(localDayNumber(now.getTime(), timeZone) + 1, timeZone))
}

/** True when `dueDate` (a Date or ISO string) falls before the learner's next local midnight. */
export function isDueToday(dueDate: Date | string, now: Date, timeZone: string): boolean {
  const due = typeof dueDate === 'string' ? Date.parse(dueDate) : dueDate.getTime()
  return due < nextLocalMidnight(now, timeZone).getTime()
}

/**
 * A date-time as a canonical UTC ISO string (`2025-05-01T03:00:00.000Z`), whose string order is
 * time order; null if unparseable. Strings already in that form are returned as they are, which
 * makes scanning thousands of due dates several times faster than Date.parse on each.
 */
export function canonicalInstant(iso: string): string | null {
  if (
    iso.length === 24 &&
    iso.charCodeAt(23) === 90 /* Z */ &&
    iso.charCodeAt(10) === 84 /* T */ &&
    iso.charCodeAt(19) === 46
  ) {
    return iso
  }
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}
