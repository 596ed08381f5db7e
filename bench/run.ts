// `npm run bench`: every benchmark in bench/, one after the other; each prints its own figures.
const benches = [
  './api.bench.ts',
  './content.bench.ts',
  './evaluator.bench.ts',
  './scheduler.bench.ts',
  './reports.bench.ts',
  './learning.bench.ts',
  './review-log.bench.ts',
  './static.bench.ts',
  './startup.bench.ts',
  './audio.bench.ts',
  './espeak.bench.ts',
  './speech.bench.ts',
  './ops.bench.ts',
  './bundle.bench.ts',
]

for (const file of benches) {
  const mod = (await import(file)) as { run(): Promise<void> }
  console.log(`\n=== ${file}`)
  await mod.run()
}
export {}
