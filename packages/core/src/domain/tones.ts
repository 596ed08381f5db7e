import { z } from 'zod'

/** The five tones an idiom can carry (spec §3). */
export const TONES = ['Casual', 'Neutral', 'Street', 'Esoteric', 'Official'] as const
export const Tone = z.enum(TONES)
export type Tone = z.infer<typeof Tone>

/** Short learner-facing descriptions, shown beside each tone in the preferences dropdown. */
export const TONE_DESCRIPTIONS: Record<Tone, string> = {
  Casual: 'Everyday talk with friends and family.',
  Neutral: 'Fine almost anywhere, from the office to the kitchen table.',
  Street: 'Slang and rough talk; some of it is vulgar.',
  Esoteric: 'Old-fashioned, regional or literary; heard now and then.',
  Official: 'Formal register: news, politics, business and paperwork.',
}
