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

export { DEFAULT_LLM_THRESHOLD } from './confidence.js'
export { gradeTranscription } from './transcription.js'
export { gradeTranslation, TRANSLATION_CONFIDENCE } from './translation.js'
