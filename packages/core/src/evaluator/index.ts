import type {
  Evaluation,
  EvaluatorAttempt,
  EvaluatorExample,
  MistakeType,
} from '../contract/evaluation.js'
import { gradeTranscription } from './transcription.js'
import { gradeTranslation } from './translation.js'

/** Any engine that grades an attempt: the local one below, or an LLM-backed one with the same shape. */
export type Evaluator = (example: EvaluatorExample, attempt: EvaluatorAttempt) => Evaluation

/** Words the Playroom drills: lower case, punctuation removed. */
export function toTargetWords(words: string[]): string[] {
  return [
    ...new Set(
      words
        .map((w) =>
          w
            .normalize('NFC')
            .toLocaleLowerCase('es')
            .replace(/[^\p{L}\p{M}\p{N}']/gu, ''),
        )
        .filter(Boolean),
    ),
  ]
}

/**
 * Grades both fields of an attempt offline and deterministically (pure: no I/O, no clock).
 * mistakeType is the transcription's mistake when it has one, else the translation's.
 */
export const evaluate: Evaluator = (example, attempt) => {
  const transcription = gradeTranscription(example, attempt.userTranscription)
  const translation = gradeTranslation(example, attempt.userTranslation)
  const mistakeType: MistakeType =
    transcription.mistakeType !== 'none' &&
    (transcription.accuracy !== 'minor' || translation.accuracy !== 'major')
      ? transcription.mistakeType
      : translation.mistakeType
  return {
    transcriptionAccuracy: transcription.accuracy,
    translationAccuracy: translation.accuracy,
    transcriptionFeedback: transcription.feedback,
    translationFeedback: translation.feedback,
    englishTranslation: example.translation,
    mistakeType,
    missedWords: transcription.missedWords,
    targetWords: toTargetWords(transcription.missedWords),
    confidence: Math.min(transcription.confidence, translation.confidence),
  }
}

/** The feedback when the learner chose to see the answer without answering. */
export const GAVE_UP_FEEDBACK = {
  transcription: 'You chose to see the answer. Listen again while you read the sentence.',
  translation: 'You chose to see the answer: compare the sentence with its translation.',
} as const

/**
 * The evaluation of an answer given up ("Show the answer" with nothing typed): what an empty
 * answer gets (major on both fields, every word of the sentence missed, so the Playroom drills
 * them), said as a choice rather than as a mistake, and marked `gaveUp` so the review log tells it
 * apart from an answer that was typed and wrong. Certain: no engine is asked.
 */
export function gaveUpEvaluation(example: EvaluatorExample): Evaluation {
  const empty = evaluate(example, { userTranscription: '', userTranslation: '' })
  return {
    ...empty,
    transcriptionFeedback: GAVE_UP_FEEDBACK.transcription,
    translationFeedback: GAVE_UP_FEEDBACK.translation,
    confidence: 1,
    gaveUp: true,
  }
}

export { DEFAULT_LLM_THRESHOLD } from './confidence.js'
export { gradeTranscription } from './transcription.js'
export { gradeTranslation, TRANSLATION_CONFIDENCE } from './translation.js'
