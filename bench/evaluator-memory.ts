/**
 * Memory of the evaluator's loaded resources (WordNet lexicon, lemmatiser, the analysis caches
 * after grading): heap before and after importing the engine and grading every case once, in a
 * fresh process started with --expose-gc (bench/evaluator.bench.ts runs it). Prints one JSON line.
 * Before the lexicon was packed (session 3, decision 036) the loaded heap was ≈ 49 MB: the parsed
 * JSON object of 109k keys stayed referenced by the module; packed as three strings it is ≈ 23 MB.
 */
import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'

const gc = (globalThis as { gc?: () => void }).gc
const heap = (): number => {
  gc?.()
  gc?.()
  return process.memoryUsage().heapUsed
}
const ROOT = resolve(import.meta.dirname, '..')
const cases = readFileSync(resolve(ROOT, 'packages/core/src/evaluator/extra-cases.jsonl'), 'utf8')
const before = heap()
const { evaluate } = await import('../packages/core/src/evaluator/index.js')
const { parseCases } = await import('../packages/core/src/evaluator/cases.js')
const loaded = heap()
for (const c of parseCases(cases)) evaluate(c, c)
const graded = heap()
const lexicon = statSync(resolve(ROOT, 'packages/core/src/evaluator/lexicon.json')).size
const mb = (n: number): number => Math.round((n / 1024 / 1024) * 10) / 10
console.log(
  JSON.stringify({
    bench: 'evaluator-memory',
    gcExposed: gc !== undefined,
    lexiconFileMB: mb(lexicon),
    lexiconFormat:
      'packed-1 (four strings since session 8, with WordNet antonyms; was an object of 109k keys, ~49 MB loaded heap)',
    loadedHeapMB: mb(loaded - before),
    afterGradingHeapMB: mb(graded - before),
  }),
)
