import { describe, expect, it } from 'vitest'
import { formatDue, formatDueDay } from './format-due'

const now = new Date(2026, 4, 11, 9, 0) // Mon 11 May 2026, 09:00 local

describe('formatDue', () => {
  it('says tomorrow or in n days with the date within a week', () => {
    expect(formatDue(new Date(2026, 4, 12, 8, 0).toISOString(), now, 'en-US')).toBe(
      'tomorrow (Tue, May 12)',
    )
    expect(formatDue(new Date(2026, 4, 14, 8, 0).toISOString(), now, 'en-US')).toBe(
      'in 3 days (Thu, May 14)',
    )
  })

  it('says today for a time already past today, and the date from a week on', () => {
    expect(formatDue(new Date(2026, 4, 11, 7, 0).toISOString(), now, 'en-US')).toBe('today')
    expect(formatDue(new Date(2026, 5, 1, 7, 0).toISOString(), now, 'en-US')).toBe('Mon, Jun 1')
    expect(formatDue(new Date(2027, 0, 4, 7, 0).toISOString(), now, 'en-US')).toBe(
      'Mon, Jan 4, 2027',
    )
  })

  it('formats for the learner locale', () => {
    expect(formatDue(new Date(2026, 4, 12, 8, 0).toISOString(), now, 'es-AR')).toMatch(/^mañana/)
  })

  it('says today, with no hour, for anything due before the next midnight: it can be done now', () => {
    const late = new Date(2026, 3, 30, 23, 30) // Thu 30 Apr, 23:30 local
    expect(formatDue(new Date(2026, 3, 30, 23, 55).toISOString(), late, 'en-US')).toBe('today')
    expect(formatDue(new Date(2026, 4, 11, 21, 0).toISOString(), now, 'en-US')).toBe('today')
  })

  it('counts local days around midnight and across month and year ends', () => {
    const late = new Date(2026, 3, 30, 23, 30)
    // Ten minutes after midnight is the next day, in the next month.
    expect(formatDue(new Date(2026, 4, 1, 0, 10).toISOString(), late, 'en-US')).toBe(
      'tomorrow (Fri, May 1)',
    )
    const early = new Date(2026, 4, 1, 0, 5) // just after midnight
    expect(formatDue(new Date(2026, 3, 30, 23, 55).toISOString(), early, 'en-US')).toBe(
      'yesterday (Thu, Apr 30)',
    )
    expect(
      formatDue(new Date(2026, 1, 3, 9, 0).toISOString(), new Date(2026, 0, 31, 22, 0), 'en-US'),
    ).toBe('in 3 days (Tue, Feb 3)')
    expect(
      formatDue(new Date(2027, 0, 1, 8, 0).toISOString(), new Date(2026, 11, 31, 20, 0), 'en-US'),
    ).toBe('tomorrow (Fri, Jan 1, 2027)')
  })

  it('heads the calendar’s day groups: overdue and later today are Today', () => {
    expect(formatDueDay(new Date(2026, 4, 9, 7, 0).toISOString(), now, 'en-US')).toBe('Today')
    expect(formatDueDay(new Date(2026, 4, 11, 22, 0).toISOString(), now, 'en-US')).toBe('Today')
    expect(formatDueDay(new Date(2026, 4, 12, 0, 1).toISOString(), now, 'en-US')).toBe(
      'Tomorrow (Tue, May 12)',
    )
    expect(formatDueDay(new Date(2026, 4, 14, 8, 0).toISOString(), now, 'en-US')).toBe(
      'In 3 days (Thu, May 14)',
    )
    expect(formatDueDay(new Date(2026, 5, 1, 8, 0).toISOString(), now, 'en-US')).toBe('Mon, Jun 1')
  })
})
