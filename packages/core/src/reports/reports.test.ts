import { describe, expect, it } from 'vitest'
import type { Accuracy, MistakeType } from '../contract/evaluation.js'
import type { Tone } from '../domain/tones.js'
import { computeFacts, partOfDay } from './analytics.js'
import { insightsFrom, numbersIn, unsupportedNumbers } from './insights.js'
import { ReportFacts, type ReportReview } from './schema.js'

const ZONE = 'America/Argentina/Buenos_Aires' // UTC−3 all year
/** Monday 31 March 2025, 12:00 in Buenos Aires. */
const NOW = new Date('2025-03-31T15:00:00Z')

interface Slot {
  hour: number
  idiom: string
  tone: Tone
  usage: number
}
const MORNING: Slot = { hour: 8, idiom: 'estar al horno', tone: 'Casual', usage: 9 }
const AFTERNOON: Slot = { hour: 14, idiom: 'ser pan comido', tone: 'Casual', usage: 6 }
const EVENING: Slot = { hour: 19, idiom: 'tirar la chancleta', tone: 'Street', usage: 6 }
const NIGHT: Slot = { hour: 23, idiom: 'hacer la gamba', tone: 'Neutral', usage: 2 }

function review(
  day: number,
  slot: Slot,
  t: Accuracy,
  tr: Accuracy,
  mistakeType: MistakeType,
  missedWords: string[] = [],
): ReportReview {
  // Buenos Aires is UTC−3: local 23:00 on day d is 02:00 UTC on d + 1.
  const date = new Date(Date.UTC(2025, 2, day, slot.hour + 3)).toISOString()
  const rating =
    t === 'major' || tr === 'major' ? 'again' : t === 'minor' || tr === 'minor' ? 'hard' : 'good'
  return {
    date,
    transcriptionAccuracy: t,
    translationAccuracy: tr,
    mistakeType,
    tone: slot.tone,
    usage: slot.usage,
    idiomText: slot.idiom,
    missedWords,
    rating,
  }
}

/**
 * 100 reviews on 25 local days of March 2025: 3–8, 10–14 and 17–30 (runs of 6, 5 and 14 days),
 * four a day (08:00, 14:00, 19:00, 23:00 local).
 * - morning: both perfect.
 * - afternoon: both major ('meaning', missed pan + comido) before the 17th, both perfect after.
 * - evening: translation minor ('detail', missed chancleta).
 * - night: transcription major ('idiom', missed gamba, listed twice in two spellings).
 */
function history(): ReportReview[] {
  const days = [
    3,
    4,
    5,
    6,
    7,
    8,
    10,
    11,
    12,
    13,
    14,
    ...Array.from({ length: 14 }, (_, i) => 17 + i),
  ]
  const out: ReportReview[] = []
  for (const day of days) {
    out.push(review(day, MORNING, 'perfect', 'perfect', 'none'))
    out.push(
      day < 17
        ? review(day, AFTERNOON, 'major', 'major', 'meaning', ['pan', 'comido'])
        : review(day, AFTERNOON, 'perfect', 'perfect', 'none'),
    )
    out.push(review(day, EVENING, 'perfect', 'minor', 'detail', ['chancleta']))
    out.push(review(day, NIGHT, 'major', 'perfect', 'idiom', ['gamba', ' Gamba']))
  }
  // Any order in, the same facts out.
  return out.reverse()
}

describe('computeFacts', () => {
  const facts = computeFacts(history(), { timeZone: ZONE, now: NOW })

  it('parses as the contract facts', () => {
    expect(ReportFacts.parse(facts)).toEqual(facts)
  })

  it('counts reviews, their span and the overall shares', () => {
    expect(facts.reviewCount).toBe(100)
    expect(facts.firstReview).toBe('2025-03-03T11:00:00.000Z')
    expect(facts.lastReview).toBe('2025-03-31T02:00:00.000Z')
    expect(facts.timeZone).toBe('America/Buenos_Aires') // the runtime's canonical name
    expect(facts.overall).toEqual({
      reviews: 100,
      perfect: 39,
      perfectRate: 39,
      transcription: { perfect: 64, minor: 0, major: 36 },
      translation: { perfect: 64, minor: 25, major: 11 },
    })
  })

  it('groups by local week (Monday), night reviews staying on their local day', () => {
    expect(facts.accuracyTrend).toEqual([
      {
        week: '2025-03-03',
        reviews: 24,
        perfect: 25,
        minor: 25,
        major: 50,
        transcription: { perfect: 50, minor: 0, major: 50 },
        translation: { perfect: 50, minor: 25, major: 25 },
      },
      {
        week: '2025-03-10',
        reviews: 20,
        perfect: 25,
        minor: 25,
        major: 50,
        transcription: { perfect: 50, minor: 0, major: 50 },
        translation: { perfect: 50, minor: 25, major: 25 },
      },
      {
        week: '2025-03-17',
        reviews: 28,
        perfect: 50,
        minor: 25,
        major: 25,
        transcription: { perfect: 75, minor: 0, major: 25 },
        translation: { perfect: 75, minor: 25, major: 0 },
      },
      {
        week: '2025-03-24',
        reviews: 28,
        perfect: 50,
        minor: 25,
        major: 25,
        transcription: { perfect: 75, minor: 0, major: 25 },
        translation: { perfect: 75, minor: 25, major: 0 },
      },
    ])
  })

  it('breaks accuracy down by tone and usage band, in canonical order', () => {
    expect(facts.byTone).toEqual([
      { tone: 'Casual', reviews: 50, perfect: 39, perfectRate: 78 },
      { tone: 'Neutral', reviews: 25, perfect: 0, perfectRate: 0 },
      { tone: 'Street', reviews: 25, perfect: 0, perfectRate: 0 },
    ])
    expect(facts.byBand).toEqual([
      { band: 'super_common', reviews: 25, perfect: 25, perfectRate: 100 },
      { band: 'common', reviews: 50, perfect: 14, perfectRate: 28 },
      { band: 'super_rare', reviews: 25, perfect: 0, perfectRate: 0 },
    ])
  })

  it('ranks mistake types, missed words and missed idioms (ties alphabetically)', () => {
    expect(facts.byMistakeType).toEqual([
      { mistakeType: 'detail', count: 25, share: 25 },
      { mistakeType: 'idiom', count: 25, share: 25 },
      { mistakeType: 'meaning', count: 11, share: 11 },
    ])
    expect(facts.topMissedWords).toEqual([
      { word: 'chancleta', count: 25 },
      { word: 'gamba', count: 25 },
      { word: 'comido', count: 11 },
      { word: 'pan', count: 11 },
    ])
    expect(facts.topMissedIdioms).toEqual([
      { idiom: 'hacer la gamba', reviews: 25, missed: 25 },
      { idiom: 'ser pan comido', reviews: 25, missed: 11 },
    ])
  })

  it('measures streaks in local days and splits the day into four parts', () => {
    expect(facts.streak).toEqual({ current: 14, longest: 14 })
    expect(facts.timeOfDay).toEqual([
      { part: 'morning', reviews: 25, perfect: 25, perfectRate: 100 },
      { part: 'afternoon', reviews: 25, perfect: 14, perfectRate: 56 },
      { part: 'evening', reviews: 25, perfect: 0, perfectRate: 0 },
      { part: 'night', reviews: 25, perfect: 0, perfectRate: 0 },
    ])
  })

  it('counts days and parts of day in the zone it is given', () => {
    const utc = computeFacts(history(), { timeZone: 'UTC', now: NOW })
    // In UTC the 23:00 reviews fall at 02:00 the next day, joining 3–15 and 17–31 into two runs;
    // 14:00 and 19:00 local become 17:00 (evening) and 22:00 (night).
    expect(utc.streak).toEqual({ current: 15, longest: 15 })
    expect(utc.timeOfDay).toEqual([
      { part: 'morning', reviews: 25, perfect: 25, perfectRate: 100 },
      { part: 'afternoon', reviews: 0, perfect: 0, perfectRate: 0 },
      { part: 'evening', reviews: 25, perfect: 14, perfectRate: 56 },
      { part: 'night', reviews: 50, perfect: 0, perfectRate: 0 },
    ])
  })

  it('keeps the current streak alive through today and ends it after a missed day', () => {
    expect(
      computeFacts(history(), { timeZone: ZONE, now: new Date('2025-03-30T20:00:00Z') }).streak
        .current,
    ).toBe(14)
    expect(
      computeFacts(history(), { timeZone: ZONE, now: new Date('2025-04-01T15:00:00Z') }).streak,
    ).toEqual({
      current: 0,
      longest: 14,
    })
  })

  it('follows daylight-saving time: a day of 23 hours is still one day', () => {
    // Los Angeles springs forward on Sunday 9 March 2025.
    const la = (iso: string): ReportReview => ({
      ...review(1, MORNING, 'perfect', 'perfect', 'none'),
      date: iso,
    })
    const f = computeFacts(
      [la('2025-03-08T07:30:00Z'), la('2025-03-09T07:30:00Z'), la('2025-03-10T06:30:00Z')],
      { timeZone: 'America/Los_Angeles', now: new Date('2025-03-10T18:00:00Z') },
    )
    // 23:30 PST on the 7th, 23:30 PST on the 8th, 23:30 PDT on the 9th: three days, all night.
    expect(f.streak).toEqual({ current: 3, longest: 3 })
    expect(f.timeOfDay.find((p) => p.part === 'night')!.reviews).toBe(3)
    expect(f.accuracyTrend.map((w) => [w.week, w.reviews])).toEqual([['2025-03-03', 3]])
  })

  it('handles half-hour zones and a DST change of half an hour', () => {
    const at = (iso: string): ReportReview => ({
      ...review(1, MORNING, 'perfect', 'perfect', 'none'),
      date: iso,
    })
    // Kolkata is UTC+5:30: 18:29 UTC is 23:59 on the 10th, 18:31 UTC 00:01 on the 11th.
    const kolkata = computeFacts([at('2025-03-10T18:29:00Z'), at('2025-03-10T18:31:00Z')], {
      timeZone: 'Asia/Kolkata',
      now: new Date('2025-03-11T06:00:00Z'),
    })
    expect(kolkata.streak).toEqual({ current: 2, longest: 2 })
    // Lord Howe goes from +11 to +10:30 at 02:00 local on 6 April 2025 (15:00 UTC on the 5th).
    const lordHowe = computeFacts([at('2025-04-05T12:59:00Z'), at('2025-04-05T13:31:00Z')], {
      timeZone: 'Australia/Lord_Howe',
      now: new Date('2025-04-06T01:00:00Z'),
    })
    // 23:59 on the 5th and 00:31 on the 6th (+11): two days, both at night.
    expect(lordHowe.streak).toEqual({ current: 2, longest: 2 })
    expect(lordHowe.timeOfDay.find((p) => p.part === 'night')!.reviews).toBe(2)
  })

  it('gives empty figures without reviews and skips unparseable dates', () => {
    const f = computeFacts(
      [{ ...review(3, MORNING, 'perfect', 'perfect', 'none'), date: 'yesterday' }],
      {
        timeZone: 'Not/AZone',
        now: NOW,
      },
    )
    expect(f).toMatchObject({
      reviewCount: 0,
      firstReview: null,
      lastReview: null,
      timeZone: 'UTC',
      accuracyTrend: [],
      byTone: [],
      streak: { current: 0, longest: 0 },
    })
  })
})

describe('partOfDay', () => {
  it('splits the local day at 05, 12, 17 and 21 h', () => {
    expect([4, 5, 11, 12, 16, 17, 20, 21, 0].map(partOfDay)).toEqual([
      'night',
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
      'night',
      'night',
    ])
  })
})

describe('insightsFrom', () => {
  const facts = computeFacts(history(), { timeZone: ZONE, now: NOW })
  const text = insightsFrom(facts)

  it('phrases every supported pattern, in order, quoting its evidence', () => {
    expect(text.insights).toEqual([
      {
        pattern: 'Your overall accuracy',
        description:
          'In 100 reviews, 39% had both the transcription and the translation perfect (39 of 100).',
        suggestion: expect.stringMatching(/^Go slower/),
      },
      {
        pattern: 'You are improving',
        description:
          'In the week of 3 March 2025, 25% of your 24 reviews were perfect; in the week of 24 March 2025, 50% of 28.',
        suggestion: expect.any(String),
      },
      {
        pattern: 'Street idioms are harder for you',
        description:
          'You got 0% of your 25 Street reviews perfect, against 78% of your 50 Casual reviews.',
        suggestion: expect.stringContaining('tone filter'),
      },
      {
        pattern: 'Super rare idioms are harder for you',
        description:
          'You got 0% of your 25 reviews of super rare idioms perfect, against 100% of your 25 reviews of super common ones.',
        suggestion: expect.any(String),
      },
      {
        pattern: 'Your most common mistake: a detail, tense or person slipping in the translation',
        description:
          'In 25 of your 100 reviews (25%), the main mistake was a detail, tense or person slipping in the translation.',
        suggestion: expect.any(String),
      },
      {
        pattern: 'Words you keep missing',
        description: 'You missed "chancleta" 25 times, "gamba" 25 times and "comido" 11 times.',
        suggestion: expect.stringContaining('Playroom'),
      },
      {
        pattern: 'Idioms that keep slipping',
        description:
          '"hacer la gamba" had a major error in 25 of 25 reviews and "ser pan comido" had a major error in 11 of 25 reviews.',
        suggestion: expect.any(String),
      },
      {
        pattern: 'You do best in the morning',
        description:
          '100% of your 25 reviews in the morning were perfect, against 0% of your 25 reviews at night.',
        suggestion: 'When you can, practise in the morning rather than at night.',
      },
      {
        pattern: 'A 14-day streak',
        description: 'You have practised on 14 days in a row, your longest run so far.',
        suggestion: expect.any(String),
      },
    ])
  })

  it('gives up to four distinct tips, from the insights that carry one', () => {
    expect(text.strategyTips).toHaveLength(4)
    expect(new Set(text.strategyTips).size).toBe(4)
    expect(text.strategyTips[0]).toMatch(/Preferences filters/)
    expect(text.strategyTips[2]).toMatch(/Playroom/)
  })

  it('writes no number the facts do not hold', () => {
    expect(unsupportedNumbers(text, facts)).toEqual([])
  })

  it('is deterministic', () => {
    expect(insightsFrom(computeFacts(history(), { timeZone: ZONE, now: NOW }))).toEqual(text)
  })

  it('compares no groups below the thresholds: 9 reviews each are not enough', () => {
    const few: ReportReview[] = []
    for (let day = 3; day <= 11; day++) {
      few.push(review(day, MORNING, 'perfect', 'perfect', 'none'))
      few.push(review(day, EVENING, 'major', 'major', 'meaning'))
    }
    const f = computeFacts(few, { timeZone: ZONE, now: NOW })
    expect(f.byTone.map((t) => [t.tone, t.reviews, t.perfectRate])).toEqual([
      ['Casual', 9, 100],
      ['Street', 9, 0],
    ])
    const patterns = insightsFrom(f).insights.map((i) => i.pattern)
    expect(patterns).not.toContain('Street idioms are harder for you')
    expect(patterns.some((p) => p.startsWith('You do best'))).toBe(false)
    // 9 'meaning' mistakes of 18 reviews pass the mistake threshold (≥ 5 and ≥ 10 %).
    expect(patterns).toContain('Your most common mistake: the wrong meaning')
    expect(insightsFrom(f).strategyTips.length).toBeGreaterThanOrEqual(2)
  })

  it('says there is nothing to report without reviews', () => {
    const empty = insightsFrom(computeFacts([], { timeZone: 'UTC', now: NOW }))
    expect(empty.insights.map((i) => i.pattern)).toEqual(['No reviews yet'])
    expect(empty.strategyTips).toHaveLength(2)
  })
})

describe('numbersIn and unsupportedNumbers', () => {
  it('reads whole numbers, decimals, thousands and dates', () => {
    expect(numbersIn('62% of 1,234 reviews, 3.5 a day, week of 2025-03-10, items 3,4')).toEqual([
      62, 1234, 3.5, 2025, 3, 10, 3, 4,
    ])
  })

  it('flags a number the facts do not hold', () => {
    const facts = computeFacts(history(), { timeZone: ZONE, now: NOW })
    const invented = {
      insights: [
        {
          pattern: 'Great',
          description: 'You got 39% right, up 37 points.',
          suggestion: 'Do 25 a day.',
        },
      ],
      strategyTips: ['Review 100 times.'],
    }
    expect(unsupportedNumbers(invented, facts)).toEqual([37])
  })
})
