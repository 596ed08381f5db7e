/**
 * Grades a JSONL file of cases (dev.jsonl's format) with the local evaluator.
 * Prints one line per case {"id","transcription","translation"}, then a summary line with the
 * agreement per expected class (only the field each case's `expect` names) and critical errors
 * (an expected-major attempt graded perfect).
 *
 * Usage: npm run evaluate -- <file.jsonl>
 */
import { readFileSync } from 'node:fs'

import { evaluate } from '../packages/core/src/evaluator/index.js'
import { parseCases, scoreCases } from '../packages/core/src/evaluator/cases.js'

const file = process.argv[2]
if (!file) {
  console.error('usage: npm run evaluate -- <file.jsonl>')
  process.exit(2)
}
const cases = parseCases(readFileSync(file, 'utf8'))
const { results, summary } = scoreCases(cases, evaluate)
for (const r of results) {
  console.log(
    JSON.stringify({ id: r.id, transcription: r.transcription, translation: r.translation }),
  )
}
console.log(JSON.stringify(summary))
