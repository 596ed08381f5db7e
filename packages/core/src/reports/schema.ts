import { z } from 'zod'
import { Accuracy, MistakeType } from '../contract/evaluation.js'
import { Tone } from '../domain/tones.js'
import { UsageBand } from '../domain/usage.js'
import { ReviewRating } from '../scheduler/schema.js'

/** A whole percentage, 0–100 (rounded half up). */
const Percent = z.number().int().min(0).max(100)
const Count = z.number().int().min(0)
/** A local calendar date, YYYY-MM-DD. */
const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** One review as the reports read it: the review log entry joined with its example's idiom. */
export const ReportReview = z.object({
  /** When the review happened (ISO date-time). */
  date: z.string(),
  transcriptionAccuracy: Accuracy,
  translationAccuracy: Accuracy,
  /** Absent on reviews logged before evaluations carried one. */
  mistakeType: MistakeType.optional(),
  tone: Tone,
  /** Usage of the idiom, 1–10. */
  usage: z.number().int(),
  idiomText: z.string(),
  missedWords: z.array(z.string()),
  rating: ReviewRating,
})
export type ReportReview = z.infer<typeof ReportReview>

/** Share of reviews per grade, in whole percentages. */
export const AccuracyShares = z.object({ perfect: Percent, minor: Percent, major: Percent })
export type AccuracyShares = z.infer<typeof AccuracyShares>

export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening', 'night'] as const
export const PartOfDay = z.enum(PARTS_OF_DAY)
export type PartOfDay = z.infer<typeof PartOfDay>

/**
 * The figures of a report, computed from the learner's review history (analytics.ts). They are
 * what the charts draw and all an LLM ever sees. "Perfect" alone means both fields perfect.
 */
export const ReportFacts = z.object({
  reviewCount: Count,
  /** First and last review (ISO date-time); null without reviews. */
  firstReview: z.string().nullable(),
  lastReview: z.string().nullable(),
  /** The IANA zone days, weeks and parts of day were counted in. */
  timeZone: z.string(),
  overall: z.object({
    reviews: Count,
    /** Reviews with both fields perfect, and their share. */
    perfect: Count,
    perfectRate: Percent,
    transcription: AccuracyShares,
    translation: AccuracyShares,
  }),
  /**
   * Per local week (Monday's date), oldest first, weeks without reviews left out. perfect/minor/
   * major: share of reviews whose worse field had that grade; per field in transcription/translation.
   */
  accuracyTrend: z.array(
    z.object({
      week: LocalDate,
      reviews: Count,
      perfect: Percent,
      minor: Percent,
      major: Percent,
      transcription: AccuracyShares,
      translation: AccuracyShares,
    }),
  ),
  /** Tones and usage bands with at least one review, in their canonical order. */
  byTone: z.array(z.object({ tone: Tone, reviews: Count, perfect: Count, perfectRate: Percent })),
  byBand: z.array(
    z.object({ band: UsageBand, reviews: Count, perfect: Count, perfectRate: Percent }),
  ),
  /** Mistake types other than none, most frequent first; share is of all reviews. */
  byMistakeType: z.array(z.object({ mistakeType: MistakeType, count: Count, share: Percent })),
  /** Words missed most often (lower case), most first, at most 10. */
  topMissedWords: z.array(z.object({ word: z.string(), count: Count })),
  /** Idioms with reviews rated again (a major error), most first, at most 10. */
  topMissedIdioms: z.array(z.object({ idiom: z.string(), reviews: Count, missed: Count })),
  /** Runs of consecutive local days with at least one review. */
  streak: z.object({ current: Count, longest: Count }),
  /** Every part of day in order; perfectRate is 0 where there are no reviews. */
  timeOfDay: z.array(
    z.object({ part: PartOfDay, reviews: Count, perfect: Count, perfectRate: Percent }),
  ),
})
export type ReportFacts = z.infer<typeof ReportFacts>

export const ReportInsight = z.object({
  pattern: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(1_000),
  suggestion: z.string().trim().min(1).max(1_000),
})
export type ReportInsight = z.infer<typeof ReportInsight>

/** What phrasing produces from the facts, locally or by an LLM. */
export const ReportText = z.object({
  insights: z.array(ReportInsight).min(1).max(10),
  strategyTips: z.array(z.string().trim().min(1).max(1_000)).max(8),
})
export type ReportText = z.infer<typeof ReportText>
