/**
 * Grades every case set at once (dev, extra and both halves of each held-out set under
 * packages/core/src/evaluator/heldout*) and prints one table row per set: overall agreement, per
 * class, critical errors and the LLM share, as `npm run evaluate -- <file> --quiet` would for each.
 *
 * --no-meanings   withhold the idioms' curated `meanings` and `literals` (an admin's own idiom:
 *                 text and gloss only)
 * --dump <file>   also write every case's grades, feedback and confidence as JSON, to compare two
 *                 engine versions case by case
 * --only <name>   sets whose name contains <name> (e.g. v6)
 *
 * dev.jsonl is read from ../shared/evaluator beside the repo, or from $EVALUATOR_DEV_SET (a worktree).
 *
 * Usage: npx tsx scripts/evaluate-sets.ts [--no-meanings] [--dump out.json] [--only v6]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import {
  type ContentMeaning,
  parseCases,
  withContent,
} from '../packages/core/src/evaluator/cases.js'
import { DEFAULT_LLM_THRESHOLD } from '../packages/core/src/evaluator/confidence.js'
import { evaluate } from '../packages/core/src/evaluator/index.js'

const args = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}
const noMeanings = args.includes('--no-meanings')
const dump = option('--dump')
const only = option('--only')

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const evaluatorDir = join(root, 'packages/core/src/evaluator')
const content: ContentMeaning[] = readdirSync(join(root, 'content/idioms'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap(
    (f) =>
      (
        JSON.parse(readFileSync(join(root, 'content/idioms', f), 'utf8')) as {
          idioms: ContentMeaning[]
        }
      ).idioms,
  )
  .map((idiom) =>
    noMeanings ? { ...idiom, meanings: undefined, literals: undefined, senses: undefined } : idiom,
  )

const sets: [string, string][] = [
  ['dev', process.env.EVALUATOR_DEV_SET ?? join(root, '../shared/evaluator/dev.jsonl')],
  ['extra', join(evaluatorDir, 'extra-cases.jsonl')],
]
for (const dir of readdirSync(evaluatorDir)
  .filter((d) => /^heldout(-v\d+)?$/.test(d))
  .sort((a, b) => Number(a.slice(9) || 1) - Number(b.slice(9) || 1))) {
  const name = dir === 'heldout' ? 'v1' : dir.slice(8)
  for (const half of ['tuning', 'untouched'])
    sets.push([`${name} ${half}`, join(evaluatorDir, dir, `${half}.jsonl`)])
}

const out: Record<string, unknown> = {}
const pad = (s: string, n: number) => s.padEnd(n)
console.log(
  `${pad('set', 14)} ${pad('overall', 8)} ${pad('perfect', 8)} ${pad('minor', 8)} ${pad('major', 8)} crit  LLM`,
)
for (const [name, file] of sets) {
  if (!existsSync(file) || (only && !name.includes(only))) continue
  const cases = withContent(
    parseCases(readFileSync(file, 'utf8')).map((c) =>
      noMeanings ? { ...c, idiom: { text: c.idiom.text, translation: c.idiom.translation } } : c,
    ),
    content,
  )
  const tally = { perfect: [0, 0], minor: [0, 0], major: [0, 0] } as Record<string, number[]>
  let critical = 0
  let unsure = 0
  for (const c of cases) {
    const e = evaluate(c, c)
    const field = c.expect.transcription ? 'transcription' : 'translation'
    const expected = (c.expect.transcription ?? c.expect.translation)!
    const got = field === 'transcription' ? e.transcriptionAccuracy : e.translationAccuracy
    tally[expected]![1]!++
    if (got === expected) tally[expected]![0]!++
    if (expected === 'major' && got === 'perfect') critical++
    if ((e.confidence ?? 1) < DEFAULT_LLM_THRESHOLD) unsure++
    if (dump) out[`${name}/${c.id}`] = { expected, got, ...e }
  }
  const cls = (k: string) => `${tally[k]![0]}/${tally[k]![1]}`
  const agree = tally.perfect![0]! + tally.minor![0]! + tally.major![0]!
  console.log(
    `${pad(name, 14)} ${pad(`${((agree / cases.length) * 100).toFixed(1)} %`, 8)} ${pad(cls('perfect'), 8)} ${pad(cls('minor'), 8)} ${pad(cls('major'), 8)} ${pad(String(critical), 5)} ${((unsure / cases.length) * 100).toFixed(1)} %`,
  )
}
if (dump) writeFileSync(dump, JSON.stringify(out, null, 1))
