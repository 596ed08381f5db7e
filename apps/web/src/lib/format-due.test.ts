import { describe, expect, it } from 'vitest'
import { formatDue } from './format-due'

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
})
