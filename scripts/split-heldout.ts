/**
 * Splits the held-out cases (packages/core/src/evaluator/heldout/all.jsonl) at random into a
 * tuning half and an untouched half, by idiom: every case of one idiom lands in the same half, so
 * the untouched half measures idioms the engine was never tuned on. The shuffle is seeded
 * (SEED below), so the split is reproducible; it was made and committed before any result was
 * looked at. Never tune on untouched.jsonl.
 *
 * Run: npx tsx scripts/split-heldout.ts            (heldout/, seed 20261122)
 *      npx tsx scripts/split-heldout.ts heldout-v2 20261123
 *      npx tsx scripts/split-heldout.ts heldout-v3 20261124
 *      npx tsx scripts/split-heldout.ts heldout-v4 20261125
 *      npx tsx scripts/split-heldout.ts heldout-v5 20261123   (the fifth set reuses the second's seed)
 *      npx tsx scripts/split-heldout.ts heldout-v6 20261124   (the sixth set reuses the third's seed)
 *      npx tsx scripts/split-heldout.ts heldout-v7 20261125   (the seventh set reuses the fourth's seed)
 *      npx tsx scripts/split-heldout.ts heldout-v8 20261124   (the eighth set reuses the third's seed)
 *      npx tsx scripts/split-heldout.ts heldout-v9 20261125   (the ninth set reuses the fourth's seed)
 *      npx tsx scripts/split-heldout.ts heldout-v10 20261126  (a new seed)
 *      npx tsx scripts/split-heldout.ts heldout-v11 20261127  (a new seed)
 *      npx tsx scripts/split-heldout.ts heldout-v12 20261128  (a new seed)
 *      npx tsx scripts/split-heldout.ts heldout-v13 20261129  (a new seed)
 *      npx tsx scripts/split-heldout.ts heldout-v14 20261130  (a new seed)
 *      npx tsx scripts/split-heldout.ts heldout-v15 20261201  (a new seed)
 * The first argument names the folder under packages/core/src/evaluator, the second the seed.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { mulberry32 } from './mulberry32.js'

const folder = process.argv[2] ?? 'heldout'
const SEED = Number(process.argv[3] ?? 20261122)
if (!/^[\w-]+$/.test(folder) || !Number.isInteger(SEED)) {
  console.error('usage: npx tsx scripts/split-heldout.ts [folder] [integer seed]')
  process.exit(1)
}
const dir = join(dirname(fileURLToPath(import.meta.url)), '../packages/core/src/evaluator', folder)

const lines = readFileSync(join(dir, 'all.jsonl'), 'utf8').split('\n').filter(Boolean)
const idiomOf = (line: string): string =>
  (JSON.parse(line) as { idiom: { text: string } }).idiom.text
const idioms = [...new Set(lines.map(idiomOf))]
const next = mulberry32(SEED)
for (let i = idioms.length - 1; i > 0; i--) {
  const j = Math.floor(next() * (i + 1))
  ;[idioms[i], idioms[j]] = [idioms[j]!, idioms[i]!]
}
const tuning = new Set(idioms.slice(0, Math.ceil(idioms.length / 2)))
const write = (name: string, keep: (l: string) => boolean): number => {
  const chosen = lines.filter(keep)
  writeFileSync(join(dir, name), `${chosen.join('\n')}\n`)
  return chosen.length
}
const a = write('tuning.jsonl', (l) => tuning.has(idiomOf(l)))
const b = write('untouched.jsonl', (l) => !tuning.has(idiomOf(l)))
console.log(`seed ${SEED}: ${a} tuning cases, ${b} untouched cases (${idioms.length} idioms)`)
