/**
 * Curation at scale, through buildApp (app.inject, in-memory PGlite): validate and save a CSV of
 * 10,000 idioms, then the idiom list with 10,000 idioms, summary and ?full=true.
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

export async function run(): Promise<void> {
  const t = await startTestApp({ LOG_LEVEL: 'silent' }, { contentDir: false })
  try {
    const { token } = await t.userWithRole('admin')
    const text = csv(ROWS)

    const form = new FormData()
    form.append('file', new Blob([text], { type: 'text/csv' }), 'bench.csv')
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

    const timings = async (url: string) => {
      const ms: number[] = []
      for (let i = 0; i < 10; i++) {
        const s = performance.now()
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) })
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`)
        ms.push(performance.now() - s)
      }
      return Math.round(median(ms))
    }
    console.log(
      JSON.stringify({
        bench: 'csv import',
        rows: ROWS,
        validateStatus: validated.statusCode,
        validRows: idioms.length,
        rowErrors: errors.length,
        validateSeconds: +(validateMs / 1000).toFixed(2),
        saveStatus: saved.statusCode,
        created,
        saveSeconds: +(saveMs / 1000).toFixed(2),
      }),
    )
    console.log(
      JSON.stringify({
        bench: 'idiom list with 10,000 idioms (median of 10)',
        summaryMs: await timings('/api/idioms'),
        fullMs: await timings('/api/idioms?full=true'),
      }),
    )
  } finally {
    await t.close()
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run()
