import { describe, expect, it } from 'vitest'
import type { Accuracy } from '../contract/evaluation.js'
import { EASY_MAX_ELAPSED_MS, EASY_MIN_STREAK, ratingFor, toFsrsGrade } from './rating.js'

const ev = (transcriptionAccuracy: Accuracy, translationAccuracy: Accuracy) => ({
  transcriptionAccuracy,
  translationAccuracy,
})

describe('ratingFor', () => {
  const slow = { elapsedMs: 120_000, streak: 0 }

  it.each([
    ['perfect', 'perfect', 'good'],
    ['perfect', 'minor', 'hard'],
    ['minor', 'perfect', 'hard'],
    ['minor', 'minor', 'hard'],
    ['perfect', 'major', 'again'],
    ['major', 'perfect', 'again'],
    ['minor', 'major', 'again'],
    ['major', 'minor', 'again'],
    ['major', 'major', 'again'],
  ] as const)('rates transcription %s + translation %s as %s', (t, tr, expected) => {
    expect(ratingFor(ev(t, tr), slow)).toBe(expected)
  })

  it('rates a fast perfect answer easy only after two consecutive good or easy reviews', () => {
    const fast = EASY_MAX_ELAPSED_MS - 1
    expect(ratingFor(ev('perfect', 'perfect'), { elapsedMs: fast, streak: 0 })).toBe('good')
    expect(ratingFor(ev('perfect', 'perfect'), { elapsedMs: fast, streak: 1 })).toBe('good')
    expect(ratingFor(ev('perfect', 'perfect'), { elapsedMs: fast, streak: EASY_MIN_STREAK })).toBe(
      'easy',
    )
    expect(ratingFor(ev('perfect', 'perfect'), { elapsedMs: EASY_MAX_ELAPSED_MS, streak: 5 })).toBe(
      'easy',
    )
  })

  it('keeps good when the answer was slow or its time is unknown', () => {
    expect(
      ratingFor(ev('perfect', 'perfect'), { elapsedMs: EASY_MAX_ELAPSED_MS + 1, streak: 5 }),
    ).toBe('good')
    expect(ratingFor(ev('perfect', 'perfect'), { streak: 5 })).toBe('good')
    expect(ratingFor(ev('perfect', 'perfect'), { elapsedMs: -1, streak: 5 })).toBe('good')
  })

  it('never upgrades a minor or major error for speed or streak', () => {
    expect(ratingFor(ev('minor', 'perfect'), { elapsedMs: 1_000, streak: 9 })).toBe('hard')
    expect(ratingFor(ev('perfect', 'major'), { elapsedMs: 1_000, streak: 9 })).toBe('again')
  })
})

describe('toFsrsGrade', () => {
  it('maps again, hard, good, easy to FSRS grades 1 to 4', () => {
    expect((['again', 'hard', 'good', 'easy'] as const).map(toFsrsGrade)).toEqual([1, 2, 3, 4])
  })
})
