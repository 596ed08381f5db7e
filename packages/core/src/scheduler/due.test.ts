import { describe, expect, it } from 'vitest'
import {
  canonicalInstant,
  isDueToday,
  localWallClock,
  nextLocalMidnight,
  resolveTimeZone,
  startOfLocalDay,
} from './due.js'

const at = (iso: string) => new Date(iso)

describe('due', () => {
  describe('nextLocalMidnight', () => {
    it.each([
      // zone, now, next local midnight
      ['America/Argentina/Buenos_Aires', '2025-05-01T02:59:00Z', '2025-05-01T03:00:00.000Z'],
      ['America/Argentina/Buenos_Aires', '2025-05-01T03:00:00Z', '2025-05-02T03:00:00.000Z'],
      ['Pacific/Kiritimati', '2025-05-01T09:59:00Z', '2025-05-01T10:00:00.000Z'],
      ['Pacific/Kiritimati', '2025-05-01T10:00:00Z', '2025-05-02T10:00:00.000Z'],
      ['Asia/Kolkata', '2025-05-01T18:29:59Z', '2025-05-01T18:30:00.000Z'],
      ['Asia/Kolkata', '2025-05-01T18:30:00Z', '2025-05-02T18:30:00.000Z'],
      // Los Angeles springs forward on 2025-03-09 (PST −8 → PDT −7): that day has 23 hours.
      ['America/Los_Angeles', '2025-03-09T07:59:00Z', '2025-03-09T08:00:00.000Z'],
      ['America/Los_Angeles', '2025-03-09T08:00:00Z', '2025-03-10T07:00:00.000Z'],
      // ... and falls back on 2025-11-02 (PDT → PST): that day has 25 hours.
      ['America/Los_Angeles', '2025-11-02T06:59:00Z', '2025-11-02T07:00:00.000Z'],
      ['America/Los_Angeles', '2025-11-02T07:00:00Z', '2025-11-03T08:00:00.000Z'],
      ['UTC', '2025-12-31T23:59:59Z', '2026-01-01T00:00:00.000Z'],
    ])('in %s at %s is %s', (zone, now, expected) => {
      expect(nextLocalMidnight(at(now), zone).toISOString()).toBe(expected)
    })

    it('uses the first instant of the day when DST skips midnight (Santiago, 2024-09-08)', () => {
      // Clocks jump from 00:00 −04 to 01:00 −03, so the day starts at 04:00Z.
      expect(nextLocalMidnight(at('2024-09-07T12:00:00Z'), 'America/Santiago').toISOString()).toBe(
        '2024-09-08T04:00:00.000Z',
      )
      expect(startOfLocalDay(at('2024-09-08T12:00:00Z'), 'America/Santiago').toISOString()).toBe(
        '2024-09-08T04:00:00.000Z',
      )
    })

    it('falls back to UTC for an invalid or empty time zone', () => {
      expect(nextLocalMidnight(at('2025-05-01T12:00:00Z'), 'Mars/Olympus_Mons').toISOString()).toBe(
        '2025-05-02T00:00:00.000Z',
      )
      expect(nextLocalMidnight(at('2025-05-01T12:00:00Z'), '').toISOString()).toBe(
        '2025-05-02T00:00:00.000Z',
      )
      expect(resolveTimeZone('Mars/Olympus_Mons')).toBe('UTC')
      expect(resolveTimeZone('Europe/Madrid')).toBe('Europe/Madrid')
    })
  })

  describe('startOfLocalDay', () => {
    it.each([
      ['America/Argentina/Buenos_Aires', '2025-05-01T02:59:00Z', '2025-04-30T03:00:00.000Z'],
      ['Pacific/Kiritimati', '2025-05-01T10:00:00Z', '2025-05-01T10:00:00.000Z'],
      ['Asia/Kolkata', '2025-05-01T18:29:00Z', '2025-04-30T18:30:00.000Z'],
      ['America/Los_Angeles', '2025-03-09T20:00:00Z', '2025-03-09T08:00:00.000Z'],
      ['America/Los_Angeles', '2025-11-02T20:00:00Z', '2025-11-02T07:00:00.000Z'],
    ])('in %s at %s is %s', (zone, now, expected) => {
      expect(startOfLocalDay(at(now), zone).toISOString()).toBe(expected)
    })
  })

  describe('the local day of an instant, asked in any order', () => {
    // The day "now" is in is remembered per zone (most requests ask about the same day), so
    // every instant of a sweep across DST changes is asked forwards, backwards and shuffled.
    it.each([
      ['America/Los_Angeles', '2025-03-07T00:00:00Z'], // springs forward on the 9th
      ['America/Los_Angeles', '2025-10-31T00:00:00Z'], // falls back on 2 November
      ['America/Santiago', '2024-09-06T00:00:00Z'], // midnight skipped on 8 September
      ['Australia/Lord_Howe', '2025-04-04T00:00:00Z'], // half-hour change on 6 April
      ['Asia/Kolkata', '2025-05-01T00:00:00Z'],
    ])('in %s from %s: the day holds the instant and starts on its date', (zone, from) => {
      const instants = Array.from({ length: 5 * 24 * 4 }, (_, i) => Date.parse(from) + i * 900_000)
      const answer = (t: number) => {
        const start = startOfLocalDay(new Date(t), zone).getTime()
        const end = nextLocalMidnight(new Date(t), zone).getTime()
        expect(start).toBeLessThanOrEqual(t)
        expect(end).toBeGreaterThan(t)
        expect(end - start).toBeGreaterThanOrEqual(23 * 3_600_000)
        expect(end - start).toBeLessThanOrEqual(25 * 3_600_000)
        expect(localWallClock(start, zone).dayNumber).toBe(localWallClock(t, zone).dayNumber)
        expect(localWallClock(end, zone).dayNumber).toBe(localWallClock(t, zone).dayNumber + 1)
        return `${start} ${end}`
      }
      const forwards = instants.map(answer)
      const backwards = [...instants].reverse().map(answer).reverse()
      expect(backwards).toEqual(forwards)
      // A fixed shuffle (every 7th instant, cycling), so a failure is reproducible.
      const shuffled = instants.map((_, i) => (i * 7) % instants.length)
      for (const i of shuffled) expect(answer(instants[i]!)).toBe(forwards[i])
    })
  })

  describe('isDueToday', () => {
    it('counts an item due just before local midnight as due today, and one at midnight as not', () => {
      const now = at('2025-05-01T15:00:00Z') // 12:00 in Buenos Aires
      const zone = 'America/Argentina/Buenos_Aires'
      expect(isDueToday('2025-05-02T02:59:59.999Z', now, zone)).toBe(true)
      expect(isDueToday('2025-05-02T03:00:00.000Z', now, zone)).toBe(false)
      expect(isDueToday(at('2025-04-01T00:00:00Z'), now, zone)).toBe(true)
    })

    it('gives different answers for the same instant in different zones', () => {
      const now = at('2025-05-01T12:00:00Z')
      const due = '2025-05-01T20:00:00Z'
      // Local now → local due:
      expect(isDueToday(due, now, 'America/Argentina/Buenos_Aires')).toBe(true) // 09:00 → 17:00 the same day
      expect(isDueToday(due, now, 'Pacific/Kiritimati')).toBe(true) // 02:00 May 2 → 10:00 May 2
      expect(isDueToday(due, now, 'Asia/Kolkata')).toBe(false) // 17:30 → 01:30 the next day
      expect(isDueToday(due, now, 'America/Los_Angeles')).toBe(true) // 05:00 → 13:00 the same day
      expect(isDueToday('2025-05-02T10:00:00Z', now, 'Pacific/Kiritimati')).toBe(false) // 00:00 May 3
    })

    it('follows the Los Angeles DST change: midnight after the spring-forward day is 07:00Z', () => {
      const now = at('2025-03-09T20:00:00Z')
      expect(isDueToday('2025-03-10T06:59:00Z', now, 'America/Los_Angeles')).toBe(true)
      expect(isDueToday('2025-03-10T07:00:00Z', now, 'America/Los_Angeles')).toBe(false)
      // Before the change the same wall-clock midnight was 08:00Z.
      expect(
        isDueToday('2025-03-09T07:30:00Z', at('2025-03-08T20:00:00Z'), 'America/Los_Angeles'),
      ).toBe(true)
    })
  })
  describe('canonicalInstant', () => {
    it('rewrites any ISO date-time as a UTC string whose order is time order', () => {
      expect(canonicalInstant('2025-05-02T03:00:00.000Z')).toBe('2025-05-02T03:00:00.000Z')
      expect(canonicalInstant('2025-05-02T00:00:00-03:00')).toBe('2025-05-02T03:00:00.000Z')
      expect(canonicalInstant('2025-05-02T03:00:00Z')).toBe('2025-05-02T03:00:00.000Z')
      expect(canonicalInstant('yesterday')).toBeNull()
    })
  })
})
