const DAY_MS = 86_400_000

function startOfLocalDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
}

function defaultLocale(): string | undefined {
  return typeof navigator !== 'undefined' ? navigator.language : undefined
}

/** A calendar date in the learner's locale: 'Tue, May 12' (with the year when it is not this year's). */
export function formatDay(date: Date, now: Date = new Date(), locale = defaultLocale()): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  }).format(date)
}

/** Whole local days from `now`'s day to `date`'s (negative in the past; DST days count as one). */
export function localDaysFrom(date: Date, now: Date = new Date()): number {
  return Math.round((startOfLocalDay(date) - startOfLocalDay(now)) / DAY_MS)
}

/**
 * When something is due, in words: 'today', 'tomorrow (Tue, May 12)', 'in 3 days (Fri, May 15)',
 * '2 days ago (Sun, May 10)', or just the date from a week on. Days are the learner's local days.
 * Anything due before the learner's next midnight is 'today', with no hour: it can be practised
 * now (spec §9), so '11:50 PM' would only make the learner wait for nothing.
 */
export function formatDue(iso: string, now: Date = new Date(), locale = defaultLocale()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const days = localDaysFrom(date, now)
  const day = formatDay(date, now, locale)
  if (Math.abs(days) >= 7) return day
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day')
  if (days === 0) return relative
  return `${relative} (${day})`
}

/**
 * A heading for the calendar's day groups: 'Today' (anything due by the learner's next midnight,
 * overdue included: all of it can be practised now), 'Tomorrow (Tue, May 12)',
 * 'In 3 days (Fri, May 15)', or the date from a week on.
 */
export function formatDueDay(
  iso: string,
  now: Date = new Date(),
  locale = defaultLocale(),
): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const days = localDaysFrom(date, now)
  const words = days <= 0 ? formatDue(now.toISOString(), now, locale) : formatDue(iso, now, locale)
  return words.charAt(0).toLocaleUpperCase(locale) + words.slice(1)
}
