import type { Metrics } from '../plugins/metrics.js'
import { z } from 'zod'
import { Evaluation, type EvaluatorAttempt, type EvaluatorExample } from '@che/core'
import { toMessage } from '../errors.js'
import { evaluatorModule } from '../lib/evaluator-module.js'
import { LlmError, type LlmClient } from './llm-client.js'

/** The server's evaluator: the local engine wrapped in a promise, or the LLM one. */
export type AsyncEvaluator = (
  example: EvaluatorExample,
  attempt: EvaluatorAttempt,
) => Promise<Evaluation>

/** A local engine: core's synchronous one, or one that loads it first (lib/evaluator-module). */
export type LocalEvaluator = (
  example: EvaluatorExample,
  attempt: EvaluatorAttempt,
) => Evaluation | Promise<Evaluation>

interface Log {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

/** The contract's Evaluation, except that a missing englishTranslation is filled with the reference. */
// gaveUp is the learner's choice, never the model's.
const LlmAnswer = Evaluation.omit({ gaveUp: true }).extend({
  englishTranslation: z.string().optional(),
})

/** What the model gets in the user message: the example and the learner's answer, nothing else. */
export function evaluationRequest(example: EvaluatorExample, attempt: EvaluatorAttempt): string {
  return JSON.stringify(
    {
      example: {
        text: example.text,
        conjugatedSnippet: example.conjugatedSnippet,
        translation: example.translation,
        idiom: example.idiom,
        alternatives: example.alternatives ?? [],
        ...(example.literal ? { literal: example.literal } : {}),
      },
      attempt: {
        userTranscription: attempt.userTranscription,
        userTranslation: attempt.userTranslation,
      },
    },
    null,
    2,
  )
}

/**
 * An evaluator that asks an LLM (system message: the admin-editable `evaluation` prompt, read on
 * every call so an edit applies to the next answer) and falls back to the local engine, with a
 * warning that gives the reason, whenever the prompt is missing or the model fails, is slower than
 * `timeoutMs`, or answers anything but a valid Evaluation.
 *
 * Transcription guard: when the model grades the transcription better than major but the local engine calls
 * it major, the local transcription grade wins. The local transcription rules are deterministic
 * and rubric-exact (a changed idiom word such as canas→ganas, a missing word, another language),
 * which is exactly where a model tends to read what was meant rather than what was typed; the
 * model's strength is judging paraphrase in the translation, which the guard never touches.
 */
export function createLlmEvaluator(deps: {
  client: LlmClient
  /** The current `evaluation` prompt. */
  prompt: () => Promise<string | undefined>
  /** The fallback and the transcription guard. */
  local: LocalEvaluator
  log: Log
  /** Whole LLM call (ms); past it the learner gets the local grade. */
  timeoutMs: number
  /** Counts each grade by engine, and each fallback (GET /metrics). */
  metrics?: Metrics
  /**
   * Hybrid mode: the current confidence threshold (0–1). The model is asked only when the local
   * engine's confidence is below it, so most answers cost nothing. Absent: always ask.
   */
  threshold?: () => Promise<number>
}): AsyncEvaluator {
  async function ask(example: EvaluatorExample, attempt: EvaluatorAttempt): Promise<Evaluation> {
    const prompt = (await deps.prompt())?.trim()
    if (!prompt) throw new LlmError('invalid', 'the evaluation prompt is empty')
    const answer = await deps.client.completeJson(
      [
        { role: 'system', content: prompt },
        { role: 'user', content: evaluationRequest(example, attempt) },
      ],
      LlmAnswer,
      { timeoutMs: deps.timeoutMs, temperature: 0 },
    )
    return {
      ...answer,
      englishTranslation: answer.englishTranslation?.trim() || example.translation,
      // The Playroom matches words normalised the way the local engine does it.
      targetWords: (await evaluatorModule()).toTargetWords(answer.targetWords),
    }
  }

  return async (example, attempt) => {
    const local = await deps.local(example, attempt)
    if (deps.threshold && (local.confidence ?? 0) >= (await deps.threshold())) {
      deps.metrics?.evaluation('local', local.transcriptionAccuracy)
      return local
    }
    let llm: Evaluation
    try {
      llm = await ask(example, attempt)
    } catch (err) {
      deps.log.warn(
        {
          reason: err instanceof LlmError ? err.kind : 'error',
          err: toMessage(err),
          model: deps.client.model,
        },
        'LLM evaluation failed; graded by the local engine',
      )
      deps.metrics?.fallback('llm', err instanceof LlmError ? err.kind : 'error')
      deps.metrics?.evaluation('local', local.transcriptionAccuracy)
      return local
    }
    if (llm.transcriptionAccuracy !== 'major' && local.transcriptionAccuracy === 'major') {
      deps.log.info(
        { llm: llm.transcriptionAccuracy, local: 'major', mistakeType: local.mistakeType },
        'LLM graded a transcription better than the local engine, which grades it major; kept the local transcription grade',
      )
      deps.metrics?.evaluation('llm', local.transcriptionAccuracy)
      // With a major transcription the local mistakeType and missed words are the transcription's.
      return {
        ...llm,
        transcriptionAccuracy: local.transcriptionAccuracy,
        transcriptionFeedback: local.transcriptionFeedback,
        mistakeType: local.mistakeType,
        missedWords: local.missedWords,
        targetWords: local.targetWords,
      }
    }
    deps.metrics?.evaluation('llm', llm.transcriptionAccuracy)
    return llm
  }
}

/** The local engine with the server's asynchronous shape. */
export const asyncEvaluator =
  (local: LocalEvaluator, metrics?: Metrics): AsyncEvaluator =>
  async (example, attempt) => {
    const evaluation = await local(example, attempt)
    metrics?.evaluation('local', evaluation.transcriptionAccuracy)
    return evaluation
  }
