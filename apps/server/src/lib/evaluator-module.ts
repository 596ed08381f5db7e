/**
 * The local evaluator (packages/core/src/evaluator), loaded on first use rather than at start:
 * its English lexicon and lemmatiser are the largest thing the server holds (≈100 MB of
 * resident memory once parsed), and a server that nobody answers on never needs them
 * (docs/decisions/041). The first answer waits for the load once (a few hundred ms).
 */
import type { Evaluation, EvaluatorAttempt, EvaluatorExample } from '@che/core'

type EvaluatorModule = typeof import('@che/core/evaluator')

let loading: Promise<EvaluatorModule> | undefined

/** The evaluator module; imported once, on the first call. */
export function evaluatorModule(): Promise<EvaluatorModule> {
  loading ??= import('@che/core/evaluator')
  return loading
}

/** core's `evaluate`, loading the engine on the first answer. */
export async function evaluateLazily(
  example: EvaluatorExample,
  attempt: EvaluatorAttempt,
): Promise<Evaluation> {
  return (await evaluatorModule()).evaluate(example, attempt)
}
