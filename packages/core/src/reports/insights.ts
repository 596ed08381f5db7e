import type { MistakeType } from '../contract/evaluation.js'
import { USAGE_BAND_RANGES } from '../domain/usage.js'
import type { PartOfDay, ReportFacts, ReportInsight, ReportText } from './schema.js'

/**
 * When the data is strong enough for an insight. A group (a tone, a usage band, a part of day,
 * a week) is compared only with at least that many reviews behind it, and a difference is only
 * reported when it is at least that many percentage points: below that it is mostly noise.
 */
export const INSIGHT_THRESHOLDS = {
  /** Reviews a tone, usage band or part of day needs before it is compared with another. */
  minGroupReviews: 10,
  /** Percentage points between the best and the worst group (perfect rates). */
  minGroupGap: 15,
  /** Reviews a week needs to count in the trend; the trend needs two such weeks. */
  minWeekReviews: 5,
  /** Percentage points between the first and the last counted week. */
  minTrendChange: 10,
  /** Reviews before transcription and translation are compared, and the gap (points) needed. */
  minFieldReviews: 20,
  minFieldGap: 15,
  /** The commonest mistake type is named when it is the main mistake this often and this share (%). */
  minMistakeCount: 5,
  minMistakeShare: 10,
  /** A word is named when missed in at least this many reviews. */
  minWordMisses: 3,
  /** An idiom is named when at least this many of its reviews were rated again. */
  minIdiomMisses: 2,
  /** A run of days worth naming. */
  minStreak: 3,
} as const

const MAX_TIPS = 4
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** '2025-03-10' → '10 March 2025'. */
function longDate(isoDay: string): string {
  const [y, m, d] = isoDay.split('-').map(Number)
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** "a", "a and b", "a, b and c". */
function list(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

const PART_PHRASE: Record<PartOfDay, string> = {
  morning: 'in the morning',
  afternoon: 'in the afternoon',
  evening: 'in the evening',
  night: 'at night',
}

/** Learner-facing names and advice for each mistake type (see contract/evaluation.ts). */
const MISTAKES: Record<
  Exclude<MistakeType, 'none'>,
  { what: string; suggestion: string; tip: string }
> = {
  accent: {
    what: 'missing or wrong accents',
    suggestion:
      'Before you submit, check the stressed vowel of each word that needs an accent (está, así, también).',
    tip: 'Learn the few accent rules (words ending in a vowel, n or s are stressed on the second-to-last syllable unless marked); they cover most cases.',
  },
  spelling: {
    what: 'spelling slips such as ll/y, s/z/c or b/v',
    suggestion:
      'When you are unsure between ll and y, or s, z and c, write the word you know best and look it up after the result.',
    tip: 'Keep a short list of words you misspell and read it before a session.',
  },
  missing_word: {
    what: 'a short word left out',
    suggestion:
      'Replay the audio once more and count the words before you submit; small words like que, de and lo are easy to drop.',
    tip: 'Listen for the small linking words (que, de, lo, se): they carry the grammar of the sentence.',
  },
  extra_word: {
    what: 'an extra word added',
    suggestion:
      'Type only what you hear; if you are filling a gap from memory, replay that part instead.',
    tip: 'Transcribe what you hear, not what you expect to hear.',
  },
  voseo: {
    what: 'a tú form instead of vos',
    suggestion: 'Remember that Rioplatense Spanish uses vos: vos tenés, vos sabés, vos querés.',
    tip: 'Practise the vos forms of common verbs (tenés, sabés, querés, sos) until they sound natural.',
  },
  idiom: {
    what: 'a word of the idiom missing or changed',
    suggestion:
      'Read the idiom on the results screen aloud a few times; the fixed words of an idiom rarely change.',
    tip: 'Learn each idiom as a whole chunk, with its fixed words, rather than word by word.',
  },
  sentence: {
    what: 'much of the sentence missing or wrong',
    suggestion:
      'Replay the audio in pieces and write one chunk at a time rather than the whole sentence at once.',
    tip: 'Break long sentences into chunks of three or four words when you listen.',
  },
  literal: {
    what: 'the idiom translated word for word',
    suggestion:
      'Ask what a speaker means by the idiom, not what its words say, and translate that.',
    tip: 'For each idiom, remember one natural English equivalent rather than its literal words.',
  },
  meaning: {
    what: 'the wrong meaning',
    suggestion:
      'Read the reference translation on the results screen and say in your own words what the idiom means.',
    tip: 'Picture a situation where you would use the idiom; meanings stick better with a scene.',
  },
  detail: {
    what: 'a detail, tense or person slipping in the translation',
    suggestion:
      'Check who does what and when (person and tense) before you submit the translation.',
    tip: 'Read your translation back against the Spanish once, looking only at verbs and pronouns.',
  },
  untranslated: {
    what: 'Spanish words left in the translation',
    suggestion:
      'When a word has no exact English match, describe it: an approximate translation beats leaving it in Spanish.',
    tip: 'Find an everyday English way to say each idiom, even if it is not word for word.',
  },
  empty: {
    what: 'answers left empty',
    suggestion:
      'Type whatever you caught, even a few words: a partial answer tells the scheduler more than an empty one.',
    tip: 'Always write something: partial answers show you what you did catch.',
  },
  wrong_language: {
    what: 'an answer in the wrong language',
    suggestion:
      'Type the Spanish you hear in the first box and the English translation in the second.',
    tip: 'Take a second before typing to check which box you are in.',
  },
}

interface Phrased extends ReportInsight {
  /** Advice for the strategy tips, or undefined when the insight needs none. */
  tip?: string
}

function overview(f: ReportFacts): Phrased {
  const o = f.overall
  const suggestion =
    o.perfectRate >= 80
      ? 'You are doing well: consider letting in more new idioms, or a less common usage band, to keep it challenging.'
      : o.perfectRate >= 50
        ? 'Keep going at a steady pace; review what is due before starting new idioms.'
        : 'Go slower: replay the audio as often as you need before typing, and review what is due before starting new idioms.'
  return {
    pattern: 'Your overall accuracy',
    description: `In ${plural(o.reviews, 'review')}, ${o.perfectRate}% had both the transcription and the translation perfect (${o.perfect} of ${o.reviews}).`,
    suggestion,
  }
}

function trend(f: ReportFacts): Phrased | undefined {
  const weeks = f.accuracyTrend.filter((w) => w.reviews >= INSIGHT_THRESHOLDS.minWeekReviews)
  const first = weeks[0]
  const last = weeks.at(-1)
  if (!first || !last || weeks.length < 2) return undefined
  const change = last.perfect - first.perfect
  if (Math.abs(change) < INSIGHT_THRESHOLDS.minTrendChange) return undefined
  const evidence = `In the week of ${longDate(first.week)}, ${first.perfect}% of your ${first.reviews} reviews were perfect; in the week of ${longDate(last.week)}, ${last.perfect}% of ${last.reviews}.`
  return change > 0
    ? {
        pattern: 'You are improving',
        description: evidence,
        suggestion: 'Keep the same rhythm; it is working.',
      }
    : {
        pattern: 'Your accuracy has dropped',
        description: evidence,
        suggestion: 'Take it slower for a while: fewer new idioms, and clear what is due first.',
        tip: 'When accuracy drops, lower the number of new idioms for a week and focus on reviews.',
      }
}

function fields(f: ReportFacts): Phrased | undefined {
  const { reviews, transcription, translation } = f.overall
  if (reviews < INSIGHT_THRESHOLDS.minFieldReviews) return undefined
  const gap = transcription.perfect - translation.perfect
  if (Math.abs(gap) < INSIGHT_THRESHOLDS.minFieldGap) return undefined
  const evidence = `${transcription.perfect}% of your transcriptions were perfect, against ${translation.perfect}% of your translations (${reviews} reviews).`
  return gap < 0
    ? {
        pattern: 'Hearing is the harder part',
        description: evidence,
        suggestion:
          'Replay the audio, slowed down in your head word by word, before you type what you heard.',
        tip: 'Listen to Rioplatense speech outside the app (podcasts, series) to tune your ear to its sounds: the sh-sound of ll and y, dropped final s.',
      }
    : {
        pattern: 'Translating is the harder part',
        description: evidence,
        suggestion:
          'After each answer, read the reference translation and compare it with yours phrase by phrase.',
        tip: 'Translate the meaning of the whole sentence, not word by word.',
      }
}

/** Best versus worst group with enough reviews, when they differ enough. */
function compareGroups<G extends { reviews: number; perfectRate: number }>(
  groups: readonly G[],
): [G, G] | undefined {
  const eligible = groups.filter((g) => g.reviews >= INSIGHT_THRESHOLDS.minGroupReviews)
  if (eligible.length < 2) return undefined
  // Stable sort: ties keep the canonical order, so the phrasing is deterministic.
  const sorted = [...eligible].sort((a, b) => b.perfectRate - a.perfectRate)
  const best = sorted[0]!
  const worst = sorted.at(-1)!
  return best.perfectRate - worst.perfectRate >= INSIGHT_THRESHOLDS.minGroupGap
    ? [best, worst]
    : undefined
}

function tones(f: ReportFacts): Phrased | undefined {
  const pair = compareGroups(f.byTone)
  if (!pair) return undefined
  const [best, worst] = pair
  return {
    pattern: `${worst.tone} idioms are harder for you`,
    description: `You got ${worst.perfectRate}% of your ${worst.reviews} ${worst.tone} reviews perfect, against ${best.perfectRate}% of your ${best.reviews} ${best.tone} reviews.`,
    suggestion: `Set the tone filter in Preferences to ${worst.tone} for a few sessions to give those idioms extra practice.`,
    tip: 'Use the Preferences filters to focus on one tone or usage band at a time when one is lagging.',
  }
}

function bands(f: ReportFacts): Phrased | undefined {
  const pair = compareGroups(f.byBand)
  if (!pair) return undefined
  const [best, worst] = pair
  const label = (b: typeof best) => USAGE_BAND_RANGES[b.band].label.toLowerCase()
  return {
    pattern: `${USAGE_BAND_RANGES[worst.band].label} idioms are harder for you`,
    description: `You got ${worst.perfectRate}% of your ${worst.reviews} reviews of ${label(worst)} idioms perfect, against ${best.perfectRate}% of your ${best.reviews} reviews of ${label(best)} ones.`,
    suggestion: `Filter on the ${label(worst)} usage band in Preferences for a few sessions.`,
    tip: 'Use the Preferences filters to focus on one tone or usage band at a time when one is lagging.',
  }
}

function mistakes(f: ReportFacts): Phrased | undefined {
  const top = f.byMistakeType[0]
  if (!top || top.mistakeType === 'none') return undefined
  if (
    top.count < INSIGHT_THRESHOLDS.minMistakeCount ||
    top.share < INSIGHT_THRESHOLDS.minMistakeShare
  )
    return undefined
  const m = MISTAKES[top.mistakeType]
  return {
    pattern: `Your most common mistake: ${m.what}`,
    description: `In ${top.count} of your ${f.reviewCount} reviews (${top.share}%), the main mistake was ${m.what}.`,
    suggestion: m.suggestion,
    tip: m.tip,
  }
}

function words(f: ReportFacts): Phrased | undefined {
  const often = f.topMissedWords
    .filter((w) => w.count >= INSIGHT_THRESHOLDS.minWordMisses)
    .slice(0, 3)
  if (!often.length) return undefined
  return {
    pattern: often.length === 1 ? 'A word you keep missing' : 'Words you keep missing',
    description: `You missed ${list(often.map((w) => `"${w.word}" ${plural(w.count, 'time')}`))}.`,
    suggestion: 'Drill them in the Playroom: it builds exercises from the words you missed.',
    tip: 'Visit the Playroom after a session to drill the words you just missed.',
  }
}

function idioms(f: ReportFacts): Phrased | undefined {
  const often = f.topMissedIdioms
    .filter((i) => i.missed >= INSIGHT_THRESHOLDS.minIdiomMisses)
    .slice(0, 3)
  if (!often.length) return undefined
  return {
    pattern: often.length === 1 ? 'An idiom that keeps slipping' : 'Idioms that keep slipping',
    description: `${list(often.map((i) => `"${i.idiom}" had a major error in ${i.missed} of ${plural(i.reviews, 'review')}`))}.`,
    suggestion:
      'Say each of them aloud in a sentence of your own; the scheduler will also bring them back sooner.',
    tip: 'Make up your own sentence with an idiom that keeps slipping: using it beats rereading it.',
  }
}

function timeOfDay(f: ReportFacts): Phrased | undefined {
  const pair = compareGroups(f.timeOfDay)
  if (!pair) return undefined
  const [best, worst] = pair
  return {
    pattern: `You do best ${PART_PHRASE[best.part]}`,
    description: `${best.perfectRate}% of your ${best.reviews} reviews ${PART_PHRASE[best.part]} were perfect, against ${worst.perfectRate}% of your ${worst.reviews} reviews ${PART_PHRASE[worst.part]}.`,
    suggestion: `When you can, practise ${PART_PHRASE[best.part]} rather than ${PART_PHRASE[worst.part]}.`,
    tip: 'Practise when you are fresh: a short session at a good time beats a long one when tired.',
  }
}

function streak(f: ReportFacts): Phrased | undefined {
  const { current, longest } = f.streak
  if (current >= INSIGHT_THRESHOLDS.minStreak) {
    return {
      pattern: `A ${current}-day streak`,
      description:
        current === longest
          ? `You have practised on ${current} days in a row, your longest run so far.`
          : `You have practised on ${current} days in a row; your longest run is ${longest} days.`,
      suggestion: 'Keep it going: even one review a day keeps the streak and your memory fresh.',
    }
  }
  if (longest >= INSIGHT_THRESHOLDS.minStreak) {
    return {
      pattern: 'Daily practice helps',
      description: `Your longest run of consecutive practice days is ${longest} days; your current run is ${plural(current, 'day')}.`,
      suggestion: 'Aim for a few reviews every day rather than many on one day.',
      tip: 'Short daily sessions beat long occasional ones: spaced review works best when you come back every day.',
    }
  }
  return undefined
}

/** Always safe, data-free advice, used to fill the tips up to two. */
const GENERAL_TIPS = [
  'Short daily sessions beat long occasional ones: spaced review works best when you come back every day.',
  'Listen to the whole sentence once before you start typing, then replay it as often as you need.',
  'Read the feedback after each answer, even when it was right: it often shows a more natural translation.',
]

/**
 * Plain-English insights and strategy tips from a report's facts. Deterministic, and never
 * beyond the data: each insight quotes its counts or percentages, which all come from `facts`,
 * and appears only when INSIGHT_THRESHOLDS are met. Order: overall, trend, hearing versus
 * translating, tone, usage band, mistake type, missed words, missed idioms, time of day, streak.
 * Tips: one per insight that carries one (no repeats), filled with general tips to at least two,
 * at most four.
 */
export function insightsFrom(facts: ReportFacts): ReportText {
  if (facts.reviewCount === 0) {
    return {
      insights: [
        {
          pattern: 'No reviews yet',
          description: 'There are no reviews to look at yet.',
          suggestion: 'Do a few exercises, then generate a report.',
        },
      ],
      strategyTips: GENERAL_TIPS.slice(0, 2),
    }
  }
  const phrased = [
    overview,
    trend,
    fields,
    tones,
    bands,
    mistakes,
    words,
    idioms,
    timeOfDay,
    streak,
  ]
    .map((make) => make(facts))
    .filter((p): p is Phrased => p !== undefined)
  const tips: string[] = []
  for (const p of phrased) if (p.tip && !tips.includes(p.tip)) tips.push(p.tip)
  for (const t of GENERAL_TIPS) if (tips.length < 2 && !tips.includes(t)) tips.push(t)
  return {
    insights: phrased.map(({ pattern, description, suggestion }) => ({
      pattern,
      description,
      suggestion,
    })),
    strategyTips: tips.slice(0, MAX_TIPS),
  }
}

/**
 * The numbers written in a text: digit runs, with "1,234" read as one number and decimals kept
 * ("62.5"). Leading zeros do not matter ("03" is 3).
 */
export function numbersIn(text: string): number[] {
  const out: number[] = []
  for (const match of text.matchAll(/\d[\d,]*(?:\.\d+)?/g)) {
    const raw = match[0].replace(/,+$/, '')
    if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(raw)) out.push(Number(raw.replace(/,/g, '')))
    else for (const part of raw.split(',')) if (part) out.push(Number(part))
  }
  return out
}

/** Every number the facts hold: numeric values and the numbers inside strings (dates, idioms). */
export function numbersInFacts(facts: unknown): Set<number> {
  const out = new Set<number>()
  const walk = (v: unknown): void => {
    if (typeof v === 'number') out.add(v)
    else if (typeof v === 'string') for (const n of numbersIn(v)) out.add(n)
    else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  walk(facts)
  return out
}

/**
 * The numbers of a report text that appear nowhere in the facts: a non-empty answer means the
 * text claims something the data does not hold (how an LLM's phrasing is checked).
 */
export function unsupportedNumbers(text: ReportText, facts: ReportFacts): number[] {
  const known = numbersInFacts(facts)
  const strings = [
    ...text.insights.flatMap((i) => [i.pattern, i.description, i.suggestion]),
    ...text.strategyTips,
  ]
  return [...new Set(strings.flatMap(numbersIn))].filter((n) => !known.has(n))
}
