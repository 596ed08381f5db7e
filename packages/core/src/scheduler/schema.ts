import { z } from 'zod'
import { Accuracy, MistakeType } from '../contract/evaluation.js'

const IsoDateTime = z.iso.datetime({ offset: true })

/** The four FSRS answers, lower-case as stored in the review log. */
export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const
export const ReviewRating = z.enum(REVIEW_RATINGS)
export type ReviewRating = z.infer<typeof ReviewRating>

/** FSRS card phase (ts-fsrs `State`), lower-case. */
export const CARD_PHASES = ['new', 'learning', 'review', 'relearning'] as const
export const CardPhase = z.enum(CARD_PHASES)
export type CardPhase = z.infer<typeof CardPhase>

/**
 * The FSRS memory state of one learner × example, as stored in a jsonb column.
 * JSON-safe: dates are ISO strings. `streak` is ours, not FSRS's (see rating.ts).
 */
export const CardState = z.object({
  /** When the card is next due. */
  due: IsoDateTime,
  /** Days until recall probability falls to 90 %. 0 for a new card. */
  stability: z.number().min(0),
  /** FSRS difficulty, 1–10 (0 for a new card). */
  difficulty: z.number().min(0).max(10),
  /** Interval set by the last review, in days. */
  scheduledDays: z.number().int().min(0),
  /** Current (re)learning step; always 0 with the default day-granular parameters. */
  learningSteps: z.number().int().min(0),
  reps: z.number().int().min(0),
  lapses: z.number().int().min(0),
  state: CardPhase,
  lastReview: IsoDateTime.nullable(),
  /** Consecutive Good/Easy reviews up to now (0 after Again or Hard). */
  streak: z.number().int().min(0).default(0),
  /**
   * The rating of the latest review (absent on cards scheduled before it was kept). The calendar's
   * confidence dots are capped by it: a card last answered with major errors shows one dot
   * (docs/decisions/012).
   */
  lastRating: ReviewRating.optional(),
})
export type CardState = z.infer<typeof CardState>

/**
 * What the calendar's confidence reads of a card (retrievability and the latest rating): the
 * server reads only these fields of each stored card for GET /api/exercises (decision 050).
 */
export const CalendarCard = CardState.pick({
  state: true,
  lastReview: true,
  stability: true,
  streak: true,
  lastRating: true,
})
export type CalendarCard = z.infer<typeof CalendarCard>

/** The part of an evaluation the scheduler needs and the review log keeps. */
export const ReviewEvaluation = z.object({
  transcriptionAccuracy: Accuracy,
  translationAccuracy: Accuracy,
  mistakeType: MistakeType.optional(),
})
export type ReviewEvaluation = z.infer<typeof ReviewEvaluation>

/** One review, as appended to a progress record's history and fed to the optimizer. */
export const ReviewLogEntry = z.object({
  /** When the review happened. */
  date: IsoDateTime,
  rating: ReviewRating,
  evaluation: ReviewEvaluation,
  /** Phase of the card before this review. */
  state: CardPhase,
  /** Days since the previous review, as FSRS counts them (UTC calendar days); 0 for the first. */
  elapsedDays: z.number().int().min(0),
  /** Interval this review set, in days. */
  scheduledDays: z.number().int().min(0),
  /** Memory state after the review. */
  stability: z.number(),
  difficulty: z.number(),
})
export type ReviewLogEntry = z.infer<typeof ReviewLogEntry>

/**
 * Scheduler parameters; every field is optional and defaults as documented in schedule.ts.
 * `w` is an FSRS weight vector (17, 19 or 21 numbers; 21 = FSRS-6, what the optimizer returns).
 */
export const FsrsParams = z.object({
  w: z
    .array(z.number())
    .refine((w) => [17, 19, 21].includes(w.length), 'w needs 17, 19 or 21 weights')
    .optional(),
  /** Target recall probability at the due date, 0.7–0.97. */
  requestRetention: z.number().min(0.7).max(0.97).optional(),
  /** Longest interval, in days. */
  maximumInterval: z.number().int().min(1).optional(),
  /** Spread intervals a little so cards learnt together do not stay together. */
  enableFuzz: z.boolean().optional(),
  /** Minute-level (re)learning steps; off by default (see schedule.ts). */
  enableShortTerm: z.boolean().optional(),
  /** Mixed into the fuzz so two learners' identical cards spread differently. */
  seed: z.string().max(200).optional(),
})
export type FsrsParams = z.infer<typeof FsrsParams>
