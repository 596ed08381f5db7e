import { z } from 'zod'

import { Accuracy, EvaluatorAttempt, EvaluatorExample } from '../contract/evaluation.js'
import type { Evaluator } from './index.js'
import { fold } from './normalise.js'

/** One graded case, as in shared/evaluator/dev.jsonl: an example, an attempt, the expected grade. */
export const GradedCase = EvaluatorExample.extend(EvaluatorAttempt.shape).extend({
  id: z.string(),
  expect: z.object({ transcription: Accuracy.optional(), translation: Accuracy.optional() }),
})
export type GradedCase = z.infer<typeof GradedCase>

/** What the content library knows about an idiom and its examples (content/idioms/*.json). */
export interface ContentMeaning {
  text: string
  meanings?: string[]
  literals?: string[]
  /** Each sense's own meaning phrases, for an idiom of two senses or more (decision 067). */
  senses?: string[][]
  examples?: { text: string; alternatives?: string[]; literal?: string }[]
}

const keyOf = (text: string): string =>
  fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/**
 * Gives each case what the server would pass for it: the meaning data of its idiom and, when its
 * sentence is a content example, that example's accepted alternatives and literal rendering
 * (found by the sentence, else by the idiom's text). Fields a case already has are kept.
 */
export function withContent(cases: GradedCase[], idioms: readonly ContentMeaning[]): GradedCase[] {
  const byIdiom = new Map<string, ContentMeaning>()
  const byExample = new Map<
    string,
    [ContentMeaning, { alternatives?: string[]; literal?: string }]
  >()
  for (const idiom of idioms) {
    byIdiom.set(keyOf(idiom.text), idiom)
    for (const e of idiom.examples ?? []) byExample.set(keyOf(e.text), [idiom, e])
  }
  return cases.map((c) => {
    const found = byExample.get(keyOf(c.text))
    const idiom = found?.[0] ?? byIdiom.get(keyOf(c.idiom.text))
    if (!idiom) return c
    const example = found?.[1]
    return {
      ...c,
      idiom: {
        ...c.idiom,
        meanings: c.idiom.meanings ?? idiom.meanings,
        literals: c.idiom.literals ?? idiom.literals,
        // a case that names its own meanings names all of them: the library's senses stay out
        senses: c.idiom.senses ?? (c.idiom.meanings ? undefined : idiom.senses),
      },
      alternatives: c.alternatives ?? example?.alternatives,
      literal: c.literal ?? example?.literal,
    }
  })
}

/** Parses JSONL text into cases (blank lines ignored). */
export function parseCases(jsonl: string): GradedCase[] {
  return jsonl
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => GradedCase.parse(JSON.parse(line)))
}

export interface CaseResult {
  id: string
  transcription: Accuracy
  translation: Accuracy
  field: 'transcription' | 'translation'
  expected: Accuracy
  got: Accuracy
  /** The evaluator's confidence in its grades (0–1). */
  confidence: number
}

export interface ClassAgreement {
  agree: number
  total: number
  rate: number
}

export interface Summary {
  summary: true
  perfect: ClassAgreement
  minor: ClassAgreement
  major: ClassAgreement
  overall: ClassAgreement
  criticalErrors: number
}

/** Grades every case and measures agreement with the expected grades. */
export function scoreCases(
  cases: GradedCase[],
  evaluator: Evaluator,
): { results: CaseResult[]; summary: Summary } {
  const results: CaseResult[] = []
  const tally = { perfect: [0, 0], minor: [0, 0], major: [0, 0] } as Record<
    z.infer<typeof Accuracy>,
    [number, number]
  >
  let critical = 0
  for (const c of cases) {
    const e = evaluator(c, c)
    const field = c.expect.transcription ? 'transcription' : 'translation'
    const expected = (c.expect.transcription ?? c.expect.translation)!
    const got = field === 'transcription' ? e.transcriptionAccuracy : e.translationAccuracy
    results.push({
      id: c.id,
      transcription: e.transcriptionAccuracy,
      translation: e.translationAccuracy,
      field,
      expected,
      got,
      confidence: e.confidence ?? 1,
    })
    tally[expected][1]++
    if (got === expected) tally[expected][0]++
    if (expected === 'major' && got === 'perfect') critical++
  }
  const agreement = ([agree, total]: [number, number]): ClassAgreement => ({
    agree,
    total,
    rate: total ? Math.round((agree / total) * 10000) / 10000 : 1,
  })
  const all: [number, number] = [
    tally.perfect[0] + tally.minor[0] + tally.major[0],
    tally.perfect[1] + tally.minor[1] + tally.major[1],
  ]
  return {
    results,
    summary: {
      summary: true,
      perfect: agreement(tally.perfect),
      minor: agreement(tally.minor),
      major: agreement(tally.major),
      overall: agreement(all),
      criticalErrors: critical,
    },
  }
}
