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

/**
 * When something is due, in words: 'today', 'tomorrow (Tue, May 12)', 'in 3 days (Fri, May 15)',
 * '2 days ago (Sun, May 10)', or just the date from a week on. Days are the learner's local days.
 */
export function formatDue(iso: string, now: Date = new Date(), locale = defaultLocale()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const days = Math.round((startOfLocalDay(date) - startOfLocalDay(now)) / DAY_MS)
  const day = formatDay(date, now, locale)
  if (Math.abs(days) >= 7) return day
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day')
  if (days === 0) {
    const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(
      date,
    )
    return date.getTime() <= now.getTime() ? relative : `${relative} at ${time}`
  }
  return `${relative} (${day})`
}
