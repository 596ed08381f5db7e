/**
 * Curation at scale, through buildApp (app.inject): validate and save a CSV of 10,000 idioms,
 * then the idiom list with 10,000 idioms, summary and ?full=true: the first read after the save
 * (what the admin sees next) and the median of 10 more. BENCH_CONTENT_RUNS fresh installs
 * (default 3), each figure printed per run and as a range: the speed targets of the import's
 * 10,000-row test live here, not in timed assertions (those failed under load, nothing wrong).
 * In-memory PGlite; on PostgreSQL with CHE_TEST_DB=postgres TEST_DATABASE_URL=postgres://….
 * Run: npx tsx bench/content.bench.ts
 */
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { TONES } from '../packages/core/src/index.js'
import { bearer, startTestApp } from '../apps/server/src/test/support.js'

const ROWS = 10_000

function csv(rows: number): string {
  const lines = ['text,translation,tone,usage']
  for (let i = 0; i < rows; i++) {
    lines.push(
      `"dicho de prueba ${i}","a bench idiom number ${i}",${TONES[i % TONES.length]},${(i % 10) + 1}`,
    )
  }
  return lines.join('\n')
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const RUNS = Math.max(1, Number(process.env.BENCH_CONTENT_RUNS ?? 3))

interface RunFigures {
  validateSeconds: number
  saveSeconds: number
  firstSummaryMs: number
  firstFullMs: number
  summaryMs: number
  fullMs: number
}

/** One fresh install: the CSV validated and saved, then the list read. */
async function once(runNo: number): Promise<RunFigures> {
  const t = await startTestApp({ LOG_LEVEL: 'silent' }, { contentDir: false })
  try {
    const { token } = await t.userWithRole('admin')
    const form = new FormData()
    form.append('file', new Blob([csv(ROWS)], { type: 'text/csv' }), 'bench.csv')
    let started = performance.now()
    const validated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/idioms/validate',
      headers: bearer(token),
      payload: form,
    })
    const validateMs = performance.now() - started
    const { idioms, errors } = validated.json() as {
      idioms: Record<string, unknown>[]
      errors: unknown[]
    }

    started = performance.now()
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/idioms',
      headers: bearer(token),
      payload: { idioms },
    })
    const saveMs = performance.now() - started
    const created = (saved.json() as { created: unknown[] }).created.length
    // A run that did not save every row has no figures worth printing.
    if (validated.statusCode !== 200 || errors.length || saved.statusCode !== 200)
      throw new Error(`validate ${validated.statusCode}, save ${saved.statusCode}`)
    if (created !== ROWS) throw new Error(`saved ${created} of ${ROWS} rows`)

    const read = async (url: string) => {
      const s = performance.now()
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) })
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`)
      const n = (res.json() as unknown[]).length
      if (n !== ROWS) throw new Error(`${url} listed ${n} idioms, not ${ROWS}`)
      return performance.now() - s
    }
    const firstSummaryMs = await read('/api/idioms')
    const firstFullMs = await read('/api/idioms?full=true')
    const timings = async (url: string) => {
      const ms: number[] = []
      for (let i = 0; i < 10; i++) ms.push(await read(url))
      return median(ms)
    }
    const figures: RunFigures = {
      validateSeconds: +(validateMs / 1000).toFixed(2),
      saveSeconds: +(saveMs / 1000).toFixed(2),
      firstSummaryMs: Math.round(firstSummaryMs),
      firstFullMs: Math.round(firstFullMs),
      summaryMs: Math.round(await timings('/api/idioms')),
      fullMs: Math.round(await timings('/api/idioms?full=true')),
    }
    console.log(
      JSON.stringify({
        bench: `csv import of ${ROWS} idioms, then the list (run ${runNo}/${RUNS})`,
        database: t.database.kind,
        created,
        ...figures,
      }),
    )
    return figures
  } finally {
    await t.close()
  }
}

export async function run(): Promise<void> {
  const runs: RunFigures[] = []
  for (let i = 1; i <= RUNS; i++) runs.push(await once(i))
  const range = (key: keyof RunFigures) => {
    const xs = runs.map((r) => r[key])
    return `${Math.min(...xs)}–${Math.max(...xs)}`
  }
  console.log(
    JSON.stringify({
      bench: `csv import of ${ROWS} idioms: ranges over ${RUNS} runs (seconds; list reads in ms, the first after the save and the median of 10)`,
      validateSeconds: range('validateSeconds'),
      saveSeconds: range('saveSeconds'),
      firstSummaryMs: range('firstSummaryMs'),
      firstFullMs: range('firstFullMs'),
      summaryMs: range('summaryMs'),
      fullMs: range('fullMs'),
    }),
  )
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run()
