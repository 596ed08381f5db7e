import { z } from 'zod'

/** Grade of one field: the rubric's perfect / minor errors / major errors. */
export const Accuracy = z.enum(['perfect', 'minor', 'major'])
export type Accuracy = z.infer<typeof Accuracy>

/**
 * The main kind of mistake in an attempt, most serious first when several apply.
 * none: no mistake; accent: only accents; spelling: small typos or ll/y, s/z/c, b/v confusions;
 * missing_word / extra_word: a short word dropped or added; voseo: a vos form swapped for tú;
 * idiom: an idiom word missing or changed; sentence: much of the sentence missing or wrong;
 * literal: the idiom translated word for word; meaning: meaning missing, wrong or opposite;
 * detail: right idiom meaning, a detail, tense or person slipped; untranslated: Spanish left in;
 * empty: nothing typed; wrong_language: not Spanish (transcription) or not English (translation).
 */
export const MistakeType = z.enum([
  'none',
  'accent',
  'spelling',
  'missing_word',
  'extra_word',
  'voseo',
  'idiom',
  'sentence',
  'literal',
  'meaning',
  'detail',
  'untranslated',
  'empty',
  'wrong_language',
])
export type MistakeType = z.infer<typeof MistakeType>

export const Evaluation = z.object({
  transcriptionAccuracy: Accuracy,
  translationAccuracy: Accuracy,
  transcriptionFeedback: z.string(),
  translationFeedback: z.string(),
  /** The reference English translation, shown on the results screen. */
  englishTranslation: z.string(),
  mistakeType: MistakeType,
  /** Words of the sentence the learner missed or got wrong (feeds the Playroom). */
  missedWords: z.array(z.string()),
  /** Words the Playroom should drill: the missed words, normalised. */
  targetWords: z.array(z.string()),
  /**
   * How sure the engine is of both grades, 0–1 (the local engine always sets it; an LLM's
   * answer may leave it out). The hybrid server asks an LLM only below its threshold.
   */
  confidence: z.number().min(0).max(1).optional(),
  /** The learner asked to see the answer without answering (AnswerInput.gaveUp). */
  gaveUp: z.boolean().optional(),
})
export type Evaluation = z.infer<typeof Evaluation>

/** What the evaluator needs to know about the example being answered. */
export const EvaluatorExample = z.object({
  text: z.string(),
  conjugatedSnippet: z.string(),
  translation: z.string(),
  idiom: z.object({
    text: z.string(),
    translation: z.string(),
    /**
     * Ways to say the idiom's meaning in English (paraphrases, equivalent English idioms); for an
     * idiom with `senses`, the phrases true of every sense.
     */
    meanings: z.array(z.string()).optional(),
    /**
     * For an idiom of two senses or more, each sense's own phrases, the first naming it (decision
     * 067): the evaluator accepts the sense the reference translation says, not another.
     */
    senses: z.array(z.array(z.string())).optional(),
    /** Literal readings of the idiom that betray a misunderstanding. */
    literals: z.array(z.string()).optional(),
  }),
  alternatives: z.array(z.string()).optional(),
  literal: z.string().optional(),
})
export type EvaluatorExample = z.infer<typeof EvaluatorExample>

export const EvaluatorAttempt = z.object({
  userTranscription: z.string(),
  userTranslation: z.string(),
})
export type EvaluatorAttempt = z.infer<typeof EvaluatorAttempt>
