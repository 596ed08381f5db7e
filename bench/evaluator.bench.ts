/**
 * Evaluator throughput: evaluations per second on one core, over the public dev set (or our
 * extra cases) and the tuning halves of both held-out sets, each with its idiom's meaning data from
 * content/ as the server passes it; then the memory of the loaded lexicon (a fresh process, see
 * evaluator-memory.ts). Run: npx tsx bench/evaluator.bench.ts (the bar is ≥ 5,000/s)
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import {
  type ContentMeaning,
  parseCases,
  withContent,
} from '../packages/core/src/evaluator/cases.js'
import { evaluate } from '../packages/core/src/evaluator/index.js'

const DEV_SET =
  process.env.EVALUATOR_DEV_SET ??
  resolve(fileURLToPath(import.meta.url), '../../../shared/evaluator/dev.jsonl')
const EXTRA_SET = resolve(
  fileURLToPath(import.meta.url),
  '../../packages/core/src/evaluator/extra-cases.jsonl',
)
const TUNING_SET = resolve(
  fileURLToPath(import.meta.url),
  '../../packages/core/src/evaluator/heldout/tuning.jsonl',
)
const TUNING_V2_SET = resolve(
  fileURLToPath(import.meta.url),
  '../../packages/core/src/evaluator/heldout-v2/tuning.jsonl',
)
const CONTENT = resolve(fileURLToPath(import.meta.url), '../../content/idioms')
const SECONDS = 3

export async function run(): Promise<void> {
  let text: string
  try {
    text = readFileSync(DEV_SET, 'utf8')
  } catch {
    text = readFileSync(EXTRA_SET, 'utf8')
  }
  const content: ContentMeaning[] = readdirSync(CONTENT)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(resolve(CONTENT, f), 'utf8')).idioms)
  const cases = withContent(
    parseCases(
      `${text}\n${readFileSync(TUNING_SET, 'utf8')}\n${readFileSync(TUNING_V2_SET, 'utf8')}`,
    ),
    content,
  )
  for (const c of cases) evaluate(c, c) // warm-up
  let count = 0
  const cpuStart = process.cpuUsage()
  const start = performance.now()
  const end = start + SECONDS * 1000
  while (performance.now() < end) {
    for (const c of cases) evaluate(c, c)
    count += cases.length
  }
  const perSecond = Math.round(count / ((performance.now() - start) / 1000))
  // CPU time too: on a shared, busy machine wall-clock rates understate one core's throughput
  const cpu = process.cpuUsage(cpuStart)
  const perCpuSecond = Math.round(count / ((cpu.user + cpu.system) / 1e6))
  console.log(
    JSON.stringify({
      bench: 'evaluator',
      cases: cases.length,
      evaluations: count,
      perSecond,
      perCpuSecond,
    }),
  )
  const memory = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      resolve(fileURLToPath(import.meta.url), '../evaluator-memory.ts'),
    ],
    { encoding: 'utf8' },
  )
  process.stdout.write(memory)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await run()
}
