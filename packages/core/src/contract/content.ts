import { z } from 'zod'
import { TONES } from '../domain/tones.js'
import { USAGE_MAX, USAGE_MIN } from '../domain/usage.js'

/**
 * One example sentence in the curated content library (content/idioms/*.json).
 * `alternatives` are other accepted English translations; `literal` is the word-for-word
 * rendering of the idiom a learner might wrongly give (the evaluator treats it as a major error).
 */
export const ContentExample = z.object({
  text: z.string().min(1),
  conjugatedSnippet: z.string().min(1),
  translation: z.string().min(1),
  alternatives: z.array(z.string().min(1)).default([]),
  literal: z.string().min(1),
})
export type ContentExample = z.infer<typeof ContentExample>

export const ContentIdiom = z.object({
  text: z.string().min(1),
  translation: z.string().min(1),
  /**
   * Ways to say the idiom's meaning in English: paraphrases and equivalent English idioms
   * ("give up", "throw in the towel"). The evaluator accepts any of them as the idiom's meaning.
   */
  meanings: z.array(z.string().min(1)).default([]),
  /** Literal readings of the idiom that betray a misunderstanding ("throw the towel"): major. */
  literals: z.array(z.string().min(1)).default([]),
  /**
   * For an idiom of two senses or more ("estar en bolas": to be clueless; to be stark naked),
   * each sense's own phrases, the first naming it; `meanings` then holds only the phrases true of
   * every sense. Absent for an idiom of one sense (decision 067, contract/senses.ts).
   */
  senses: z.array(z.array(z.string().min(1)).min(1)).optional(),
  tone: z.enum(TONES),
  usage: z.number().int().min(USAGE_MIN).max(USAGE_MAX),
  source: z.string().min(1),
  examples: z.array(ContentExample).min(2),
})
export type ContentIdiom = z.infer<typeof ContentIdiom>

export const ContentFile = z.object({ idioms: z.array(ContentIdiom) })
export type ContentFile = z.infer<typeof ContentFile>
