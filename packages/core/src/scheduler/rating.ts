import { Rating, type Grade } from 'ts-fsrs'
import type { ReviewEvaluation, ReviewRating } from './schema.js'

/**
 * An answer counts as fast when it was submitted within this many ms of the sentence's first play
 * (the web client measures it and sends AnswerInput.elapsedMs; with no audio, from the prompt
 * being shown). A typical example sentence is 8–12 words, about 60–80 characters, and its English
 * translation about as long: ~150 characters in all. Listening once takes ~5 s; at 45 words a
 * minute (≈ 3.7 characters a second, a brisk ordinary typing speed) the typing takes ~40 s. A
 * learner who finishes within 45 s listened once and typed straight through, without replaying
 * the audio or stopping to think (docs/decisions/013).
 */
export const EASY_MAX_ELAPSED_MS = 45_000

/** Consecutive Good/Easy reviews a card needs before a fast perfect answer may count as Easy. */
export const EASY_MIN_STREAK = 2

export interface RatingContext {
  /** Time taken to answer, in ms; unknown means not fast. */
  elapsedMs?: number | undefined
  /** Consecutive Good/Easy reviews before this one (CardState.streak). */
  streak: number
}

/**
 * Map an evaluation to an FSRS rating.
 *
 * - Any 'major' error → **again**: the learner did not really know the sentence or the idiom,
 *   which is what FSRS calls a lapse.
 * - Any 'minor' error (and no major) → **hard**: recalled, with effort or slips (typos, accents,
 *   a dropped short word, a tense slip in the translation).
 * - Both perfect → **good**: recalled cleanly.
 * - Both perfect, fast (≤ EASY_MAX_ELAPSED_MS) and the card already had ≥ EASY_MIN_STREAK
 *   consecutive Good/Easy reviews → **easy**. Speed alone is not enough: a first perfect answer
 *   may be luck, while a third fast one in a row shows the item is comfortably known, so its
 *   interval may grow faster.
 */
export function ratingFor(evaluation: ReviewEvaluation, context: RatingContext): ReviewRating {
  const grades = [evaluation.transcriptionAccuracy, evaluation.translationAccuracy]
  if (grades.includes('major')) return 'again'
  if (grades.includes('minor')) return 'hard'
  const fast =
    context.elapsedMs !== undefined &&
    context.elapsedMs >= 0 &&
    context.elapsedMs <= EASY_MAX_ELAPSED_MS
  return fast && context.streak >= EASY_MIN_STREAK ? 'easy' : 'good'
}

const TO_FSRS: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
}

/** The ts-fsrs grade (1–4) for a rating. */
export function toFsrsGrade(rating: ReviewRating): Grade {
  return TO_FSRS[rating]
}

/** True for the ratings FSRS counts as recalled (all but again). */
export function isRecall(rating: ReviewRating): boolean {
  return rating !== 'again'
}
