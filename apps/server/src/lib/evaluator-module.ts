/**
 * The local evaluator (packages/core/src/evaluator), loaded on first use rather than at start:
 * its English lexicon and lemmatiser are the largest thing the server holds (≈100 MB of
 * resident memory once parsed), and a server that nobody answers on never needs them
 * (docs/decisions/041). Handing out an exercise starts the load (`warmEvaluator`), so the
 * learner's first answer rarely waits for it.
 */
import type { Evaluation, EvaluatorAttempt, EvaluatorExample } from '@che/core'

type EvaluatorModule = typeof import('@che/core/evaluator')

let loading: Promise<EvaluatorModule> | undefined

/** The evaluator module; imported once, on the first call (tried again if that import failed). */
export function evaluatorModule(): Promise<EvaluatorModule> {
  loading ??= import('@che/core/evaluator').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

/**
 * Starts loading the evaluator without waiting for it. Called when a learner is handed an
 * exercise: while they listen and type, the engine loads, so their first answer does not wait.
 */
export function warmEvaluator(): void {
  evaluatorModule().catch(() => {
    // The answer's own call tries again and reports the failure.
  })
}

/** core's `evaluate`, loading the engine on the first answer. */
export async function evaluateLazily(
  example: EvaluatorExample,
  attempt: EvaluatorAttempt,
): Promise<Evaluation> {
  return (await evaluatorModule()).evaluate(example, attempt)
}
