import {
  createEmptyCard,
  dateDiffInDays,
  default_w,
  forgetting_curve,
  fsrs,
  generatorParameters,
  migrateParameters,
  State,
  StrategyMode,
  type Card,
  type FSRS,
  type FSRSParameters,
} from 'ts-fsrs'
import { CONFIDENCE_DOTS } from '../domain/limits.js'
import { ratingFor, toFsrsGrade } from './rating.js'
import type {
  CalendarCard,
  CardPhase,
  CardState,
  FsrsParams,
  ReviewEvaluation,
  ReviewRating,
  ReviewLogEntry,
} from './schema.js'

const DAY_MS = 86_400_000

/**
 * Defaults. Short-term (minute) learning steps are off: "due today" means before the learner's
 * next midnight (spec §9), so a card due in 10 minutes is already due and would be served straight
 * back. Every review therefore sets an interval of at least one day, and FSRS's long-term model
 * handles new and lapsed cards too. Fuzz is off so results are deterministic.
 */
export const DEFAULT_FSRS_PARAMS = {
  requestRetention: 0.9,
  maximumInterval: 36_500,
  enableFuzz: false,
  enableShortTerm: false,
} as const satisfies FsrsParams

const PHASE_TO_STATE: Record<CardPhase, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
}
const STATE_TO_PHASE: Record<State, CardPhase> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
}

/** Full ts-fsrs parameters for our (partial) parameters. */
export function toFsrsParameters(params: FsrsParams = {}): FSRSParameters {
  return generatorParameters({
    w: params.w ?? default_w,
    request_retention: params.requestRetention ?? DEFAULT_FSRS_PARAMS.requestRetention,
    maximum_interval: params.maximumInterval ?? DEFAULT_FSRS_PARAMS.maximumInterval,
    enable_fuzz: params.enableFuzz ?? DEFAULT_FSRS_PARAMS.enableFuzz,
    enable_short_term: params.enableShortTerm ?? DEFAULT_FSRS_PARAMS.enableShortTerm,
  })
}

// Building an FSRS instance costs more than a review, so keep a few. Memoisation only: the
// instance's sole mutable field (the fuzz seed) is set at the start of each synchronous call.
const schedulers = new Map<string, FSRS>()
const MAX_CACHED_SCHEDULERS = 32

function schedulerFor(params: FsrsParams): FSRS {
  const { seed: _seed, ...rest } = params
  const key = JSON.stringify(rest)
  let scheduler = schedulers.get(key)
  if (!scheduler) {
    if (schedulers.size >= MAX_CACHED_SCHEDULERS) schedulers.clear()
    scheduler = fsrs(toFsrsParameters(rest))
    schedulers.set(key, scheduler)
  }
  return scheduler
}

/** FSRS-6 weights (21) for our parameters; older 17/19-weight vectors are migrated. */
function weightsFor(params: FsrsParams | undefined): readonly number[] {
  return params?.w ? migrateParameters(params.w) : default_w
}

function toCard(state: CardState): Card {
  return {
    due: new Date(state.due),
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: 0,
    scheduled_days: state.scheduledDays,
    learning_steps: state.learningSteps,
    reps: state.reps,
    lapses: state.lapses,
    state: PHASE_TO_STATE[state.state],
    last_review: state.lastReview ? new Date(state.lastReview) : undefined,
  }
}

function fromCard(card: Card, streak: number, lastRating?: ReviewRating): CardState {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_TO_PHASE[card.state],
    lastReview: card.last_review ? card.last_review.toISOString() : null,
    streak,
    ...(lastRating ? { lastRating } : {}),
  }
}

/** A card never reviewed, due at `now`. */
export function newCard(now: Date): CardState {
  return fromCard(createEmptyCard(now), 0)
}

export interface ScheduleOptions {
  /** Time the learner took to answer, in ms (for the Easy rule in rating.ts). */
  elapsedMs?: number | undefined
  params?: FsrsParams | undefined
}

export interface ScheduleResult {
  card: CardState
  log: ReviewLogEntry
}

/**
 * Grade one answer and schedule the card's next review. Pure: returns a new card and a log entry
 * and leaves its inputs untouched. A `now` earlier than the card's last review (clock skew between
 * servers) is treated as the time of the last review.
 */
export function scheduleReview(
  card: CardState,
  evaluation: ReviewEvaluation,
  now: Date,
  opts: ScheduleOptions = {},
): ScheduleResult {
  const params = opts.params ?? {}
  const rating = ratingFor(evaluation, { elapsedMs: opts.elapsedMs, streak: card.streak })
  const last = card.state !== 'new' && card.lastReview ? new Date(card.lastReview) : null
  const reviewTime = last && now.getTime() < last.getTime() ? last : now

  let scheduler = schedulerFor(params)
  if (params.enableFuzz && params.seed !== undefined) {
    const seed = `${params.seed}:${reviewTime.getTime()}:${card.reps}`
    scheduler = fsrs(toFsrsParameters(params)).useStrategy(StrategyMode.SEED, () => seed)
  }
  const next = scheduler.next(toCard(card), reviewTime, toFsrsGrade(rating)).card
  const streak = rating === 'good' || rating === 'easy' ? card.streak + 1 : 0

  const { transcriptionAccuracy, translationAccuracy, mistakeType } = evaluation
  return {
    card: fromCard(next, streak, rating),
    log: {
      date: reviewTime.toISOString(),
      rating,
      evaluation: {
        transcriptionAccuracy,
        translationAccuracy,
        ...(mistakeType !== undefined ? { mistakeType } : {}),
      },
      state: card.state,
      elapsedDays: last ? Math.max(0, dateDiffInDays(last, reviewTime)) : 0,
      scheduledDays: next.scheduled_days,
      stability: next.stability,
      difficulty: next.difficulty,
    },
  }
}

/**
 * Probability (0–1) that the learner still recalls the card at `now`: the FSRS forgetting curve
 * at the fractional days since the last review. 0 for a card never reviewed.
 */
export function retrievability(
  card: Pick<CardState, 'state' | 'lastReview' | 'stability'>,
  now: Date,
  params?: FsrsParams,
): number {
  if (card.state === 'new' || !card.lastReview || card.stability <= 0) return 0
  const elapsedDays = Math.max(0, (now.getTime() - Date.parse(card.lastReview)) / DAY_MS)
  const r = forgetting_curve(weightsFor(params), elapsedDays, card.stability)
  return Math.min(1, Math.max(0, r))
}

/** The confidence a rating allows at most: Again → one dot, Hard → two, Good/Easy → three. */
const CONFIDENCE_CAP: Record<ReviewRating, number> = {
  again: CONFIDENCE_DOTS[0],
  hard: CONFIDENCE_DOTS[1],
  good: 1,
  easy: 1,
}

/**
 * The calendar's confidence for a card (docs/decisions/012): its FSRS retrievability now, capped
 * by its latest rating (Again 0.5 → one dot; Hard 0.6 → at most two; Good/Easy uncapped) and
 * floored at 0.5, so a reviewed card always lights at least one dot and a card last answered
 * with major errors shows exactly one. A card kept before `lastRating` existed and whose streak
 * is 0 was last rated Again or Hard; it is treated as Again (one dot). A card never reviewed: 0.
 */
export function calendarConfidence(card: CalendarCard, now: Date, params?: FsrsParams): number {
  if (card.state === 'new' || !card.lastReview) return 0
  const last: ReviewRating = card.lastRating ?? (card.streak > 0 ? 'good' : 'again')
  const r = retrievability(card, now, params)
  return Math.max(CONFIDENCE_DOTS[0], Math.min(CONFIDENCE_CAP[last], r))
}

/** How many of the calendar's three confidence dots are lit (spec §9: at 0.5, 0.6, 0.7). */
export function confidenceDots(r: number): number {
  return CONFIDENCE_DOTS.filter((threshold) => r >= threshold).length
}
