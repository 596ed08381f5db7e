import { dateDiffInDays, FSRSAlgorithm, type FSRSState } from 'ts-fsrs'
import { isRecall, toFsrsGrade } from './rating.js'
import { DEFAULT_FSRS_PARAMS, toFsrsParameters } from './schedule.js'
import type { FsrsParams, ReviewRating } from './schema.js'

/**
 * Optional FSRS parameter optimizer, backed by `@open-spaced-repetition/binding` (fsrs-rs; an
 * optional dependency with a linux-x64 native build only). Core never imports it statically:
 * the binding is loaded with a dynamic `import()` at call time, and when it is absent (browser,
 * other platforms) or fails to load, the optimizer answers `params: undefined` with a reason so
 * callers keep the default parameters.
 */

/** Below this many reviews, fitted parameters are noise; FSRS's defaults do better. */
export const OPTIMIZER_MIN_REVIEWS = 400

export const OPTIMIZER_BINDING_MODULE = '@open-spaced-repetition/binding'

/** The part of the binding's API used here (its own types are not needed to compile core). */
export interface OptimizerBinding {
  FSRSBindingReview: new (rating: number, deltaT: number) => object
  FSRSBindingItem: new (reviews: object[]) => object
  computeParameters(
    trainSet: object[],
    options?: { enableShortTerm: boolean; numRelearningSteps?: number },
  ): Promise<number[]>
}

export type OptimizerBindingLoader = () => Promise<unknown>

/** One card's reviews, oldest first. A ReviewLogEntry[] fits. */
export type CardReviews = readonly { date: string; rating: ReviewRating }[]

export type LoadBindingResult =
  | { binding: OptimizerBinding; reason?: undefined }
  | { binding: undefined; reason: string }

function toMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

const defaultLoader: OptimizerBindingLoader = () => {
  // A variable specifier keeps bundlers (Vite) and tsc from resolving the optional package.
  const specifier = OPTIMIZER_BINDING_MODULE
  return import(/* @vite-ignore */ specifier)
}

/** Load the binding; never throws. */
export async function loadOptimizerBinding(
  loader: OptimizerBindingLoader = defaultLoader,
): Promise<LoadBindingResult> {
  try {
    const mod = (await loader()) as Partial<OptimizerBinding> & {
      default?: Partial<OptimizerBinding>
    }
    const binding = typeof mod.computeParameters === 'function' ? mod : mod.default
    if (
      binding &&
      typeof binding.computeParameters === 'function' &&
      typeof binding.FSRSBindingItem === 'function' &&
      typeof binding.FSRSBindingReview === 'function'
    ) {
      return { binding: binding as OptimizerBinding }
    }
    return {
      binding: undefined,
      reason: `${OPTIMIZER_BINDING_MODULE} does not expose computeParameters`,
    }
  } catch (err) {
    return {
      binding: undefined,
      reason: `${OPTIMIZER_BINDING_MODULE} could not be loaded: ${toMessage(err)}`,
    }
  }
}

interface DayReview {
  grade: number
  /** Days since the previous review of the card (UTC calendar days, as ts-fsrs counts); 0 first. */
  deltaT: number
  recalled: boolean
}

function toDayReviews(card: CardReviews): DayReview[] {
  const sorted = [...card].sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
  let previous: Date | null = null
  return sorted.map((review) => {
    const date = new Date(review.date)
    const deltaT = previous ? Math.max(0, dateDiffInDays(previous, date)) : 0
    previous = date
    return { grade: toFsrsGrade(review.rating), deltaT, recalled: isRecall(review.rating) }
  })
}

export function countReviews(reviewLog: readonly CardReviews[]): number {
  return reviewLog.reduce((sum, card) => sum + card.length, 0)
}

const P_MIN = 1e-6

/**
 * Mean binary cross-entropy of FSRS's predicted recall against what happened, replaying each
 * card's reviews under `params`: for every review after the first with at least one day elapsed,
 * p = R(t, S) from the memory state before it, y = 1 unless the rating was again, and the loss is
 * −mean(y·ln p + (1−y)·ln(1−p)). Lower is better. NaN when no review can be predicted.
 */
export function logLoss(params: FsrsParams | undefined, reviewLog: readonly CardReviews[]): number {
  const algorithm = new FSRSAlgorithm(toFsrsParameters(params))
  let total = 0
  let count = 0
  for (const card of reviewLog) {
    let memory: FSRSState | null = null
    for (const review of toDayReviews(card)) {
      if (memory && review.deltaT > 0) {
        const p = Math.min(
          1 - P_MIN,
          Math.max(P_MIN, algorithm.forgetting_curve(review.deltaT, memory.stability)),
        )
        total += review.recalled ? -Math.log(p) : -Math.log(1 - p)
        count++
      }
      memory = algorithm.next_state(memory, review.deltaT, review.grade)
    }
  }
  return count === 0 ? Number.NaN : total / count
}

/**
 * fsrs-rs training items: one per review after a card's first, each holding the card's reviews
 * up to and including it (the binding's FSRSBindingItem contract).
 */
function toTrainingItems(binding: OptimizerBinding, reviewLog: readonly CardReviews[]): object[] {
  const items: object[] = []
  for (const card of reviewLog) {
    const reviews = toDayReviews(card).map((r) => new binding.FSRSBindingReview(r.grade, r.deltaT))
    for (let end = 2; end <= reviews.length; end++)
      items.push(new binding.FSRSBindingItem(reviews.slice(0, end)))
  }
  return items
}

export interface OptimizeOptions {
  /** Replace the dynamic import (tests, or a WASI build). */
  loader?: OptimizerBindingLoader
  minReviews?: number
  /** Must match the scheduler's setting; defaults to DEFAULT_FSRS_PARAMS.enableShortTerm. */
  enableShortTerm?: boolean
}

export type OptimizeResult =
  | { params: number[]; reviews: number; items: number; reason?: undefined }
  | {
      params: undefined
      reason: 'too-few-reviews' | 'binding-unavailable' | 'optimizer-failed'
      detail: string
    }

/**
 * Fit FSRS weights (21, FSRS-6) to a learner's review log. Use as `{ w: result.params }`.
 * Answers `params: undefined` and a reason, never throws, when there are fewer than
 * `minReviews` reviews, the binding is unavailable, or training fails.
 */
export async function optimizeParameters(
  reviewLog: readonly CardReviews[],
  opts: OptimizeOptions = {},
): Promise<OptimizeResult> {
  const reviews = countReviews(reviewLog)
  const minReviews = opts.minReviews ?? OPTIMIZER_MIN_REVIEWS
  if (reviews < minReviews) {
    return {
      params: undefined,
      reason: 'too-few-reviews',
      detail: `${reviews} reviews; at least ${minReviews} needed`,
    }
  }
  const loaded = await loadOptimizerBinding(opts.loader)
  if (!loaded.binding)
    return { params: undefined, reason: 'binding-unavailable', detail: loaded.reason }
  try {
    const items = toTrainingItems(loaded.binding, reviewLog)
    const params = await loaded.binding.computeParameters(items, {
      enableShortTerm: opts.enableShortTerm ?? DEFAULT_FSRS_PARAMS.enableShortTerm,
      numRelearningSteps: 0,
    })
    if (!Array.isArray(params) || params.length !== 21 || !params.every(Number.isFinite)) {
      return {
        params: undefined,
        reason: 'optimizer-failed',
        detail: `unexpected parameters: ${String(params)}`,
      }
    }
    return { params: [...params], reviews, items: items.length }
  } catch (err) {
    return { params: undefined, reason: 'optimizer-failed', detail: toMessage(err) }
  }
}
