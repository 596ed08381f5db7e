/**
 * Grades a JSONL file of cases (dev.jsonl's format) with the local evaluator.
 * Prints one line per case {"id","transcription","translation","confidence"}, then a summary line
 * with the agreement per expected class (only the field each case's `expect` names), critical
 * errors (an expected-major attempt graded perfect) and the share of answers that would reach an
 * LLM in the hybrid engine (local confidence below the threshold, default the server's).
 *
 * Each case gets what the server would pass for it: its idiom's meaning data and its example's
 * alternatives and literal rendering from content/idioms/*.json (see withContent).
 *
 * With --no-meanings the idioms' curated `meanings` and `literals` are withheld (examples keep their
 * alternatives and literal): the engine then works as for an admin's own idiom, from its text and
 * gloss only (decision 042, session 9).
 *
 * Usage: npm run evaluate -- <file.jsonl> [--threshold 0.6] [--quiet] [--no-meanings]
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { evaluate } from '../packages/core/src/evaluator/index.js'
import {
  type ContentMeaning,
  parseCases,
  scoreCases,
  withContent,
} from '../packages/core/src/evaluator/cases.js'
import { DEFAULT_LLM_THRESHOLD } from '../packages/core/src/evaluator/confidence.js'

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--') && !/^\d/.test(a))
const at = args.indexOf('--threshold')
const threshold = at >= 0 ? Number(args[at + 1]) : DEFAULT_LLM_THRESHOLD
const quiet = args.includes('--quiet')
const noMeanings = args.includes('--no-meanings')
if (!file || !Number.isFinite(threshold)) {
  console.error(
    'usage: npm run evaluate -- <file.jsonl> [--threshold 0.6] [--quiet] [--no-meanings]',
  )
  process.exit(2)
}

const contentDir = join(dirname(fileURLToPath(import.meta.url)), '../content/idioms')
const content: ContentMeaning[] = readdirSync(contentDir)
  .filter((f) => f.endsWith('.json'))
  .flatMap(
    (f) =>
      (JSON.parse(readFileSync(join(contentDir, f), 'utf8')) as { idioms: ContentMeaning[] })
        .idioms,
  )
  .map((idiom) =>
    noMeanings ? { ...idiom, meanings: undefined, literals: undefined, senses: undefined } : idiom,
  )

const cases = withContent(parseCases(readFileSync(file, 'utf8')), content)
const { results, summary } = scoreCases(cases, evaluate)
let unsure = 0
for (const r of results) {
  if (r.confidence < threshold) unsure++
  if (!quiet)
    console.log(
      JSON.stringify({
        id: r.id,
        transcription: r.transcription,
        translation: r.translation,
        confidence: r.confidence,
      }),
    )
}
console.log(
  JSON.stringify({
    ...summary,
    llmShare: {
      threshold,
      answers: unsure,
      total: results.length,
      rate: Math.round((unsure / results.length) * 10000) / 10000,
    },
  }),
)
