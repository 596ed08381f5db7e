import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sineWav } from '../apps/server/src/modules/editor/editor.fixtures.js'
import { startLocalS3 } from '../apps/server/src/test/s3rver.js'
import { startTestApp } from '../apps/server/src/test/support.js'

/**
 * Audio over real loopback HTTP, for the local folder and for S3 (s3rver started here):
 * - upload throughput: UPLOADS uploads of a ~200 KB WAV through POST /api/admin/example-audio
 *   (multipart, bytes checked, stored, row updated, replaced file removed), CONCURRENCY at once,
 *   each worker on its own example;
 * - time to first byte of a ranged GET /api/audio/<key> (Range: bytes=0-65535), RANGED requests
 *   one after the other.
 * The app runs in this process on in-memory PGlite, as the API tests build it.
 */

const UPLOADS = 120
const CONCURRENCY = 6
const RANGED = 200
/** 12.5 s of 8 kHz 16-bit mono: 200,044 bytes. */
const FILE = sineWav(12_500)

interface Row {
  storage: string
  uploadsPerSec: number
  mbPerSec: number
  uploadP50: number
  ttfbP50: number
  ttfbP99: number
  errors: number
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

function form(exampleId: string): { body: Buffer; type: string } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="exampleId"\r\n\r\n${exampleId}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="take.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    ),
    FILE,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

async function measure(storage: string, env: Record<string, string>): Promise<Row> {
  const t = await startTestApp(env, { contentDir: false })
  try {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { token } = await t.userWithRole('admin', 'Bench Admin')
    const auth = { authorization: `Bearer ${token}` }
    const json = async (path: string, payload: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
      return res.json() as Promise<Record<string, unknown>>
    }
    const idiom = await json('/api/admin/idiom', {
      text: `estar al horno ${storage}`,
      translation: 'to be in trouble',
    })
    const exampleIds: string[] = []
    for (let i = 0; i < CONCURRENCY; i++) {
      const ex = await json('/api/admin/idiom-examples', {
        idiomId: idiom.idiomId,
        text: `Toma ${i}: mañana estoy al horno.`,
        conjugatedSnippet: 'estoy al horno',
      })
      exampleIds.push(ex.exampleId as string)
    }

    let errors = 0
    let lastUrl = ''
    const uploadMs: number[] = []
    let next = 0
    const started = performance.now()
    await Promise.all(
      exampleIds.map(async (exampleId) => {
        while (next < UPLOADS) {
          next++
          const { body, type } = form(exampleId)
          const t0 = performance.now()
          const res = await fetch(`${base}/api/admin/example-audio`, {
            method: 'POST',
            headers: { ...auth, 'content-type': type },
            body: new Uint8Array(body),
          })
          const out = (await res.json()) as { audio?: { url: string } }
          uploadMs.push(performance.now() - t0)
          if (!res.ok) errors++
          else lastUrl = out.audio!.url
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000

    const ttfb: number[] = []
    for (let i = 0; i < RANGED; i++) {
      const t0 = performance.now()
      const res = await fetch(`${base}${lastUrl}`, { headers: { ...auth, range: 'bytes=0-65535' } })
      const reader = res.body!.getReader()
      await reader.read()
      ttfb.push(performance.now() - t0)
      await reader.cancel()
      if (res.status !== 206) errors++
    }
    ttfb.sort((a, b) => a - b)
    uploadMs.sort((a, b) => a - b)
    return {
      storage,
      uploadsPerSec: round(UPLOADS / seconds),
      mbPerSec: round((UPLOADS * FILE.length) / 1e6 / seconds),
      uploadP50: round(pct(uploadMs, 50)),
      ttfbP50: round(pct(ttfb, 50), 2),
      ttfbP99: round(pct(ttfb, 99), 2),
      errors,
    }
  } finally {
    await t.close()
  }
}

export async function run(): Promise<void> {
  const rows: Row[] = []
  const dataDir = await mkdtemp(join(tmpdir(), 'che-audio-bench-'))
  try {
    rows.push(await measure('local folder', { DATA_DIR: dataDir }))
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
  const s3 = await startLocalS3()
  try {
    rows.push(await measure('S3 (s3rver, loopback)', s3.env))
  } finally {
    await s3.close()
  }
  console.log(
    `\nAudio: ${UPLOADS} uploads of a ${Math.round(FILE.length / 1000)} KB WAV via POST /api/admin/example-audio (${CONCURRENCY} at once), then ${RANGED} ranged GET /api/audio/<key> (bytes=0-65535), loopback`,
  )
  console.log(
    '| storage | uploads/s | MB/s | upload p50 ms | range TTFB p50 ms | range TTFB p99 ms | errors |',
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const r of rows) {
    console.log(
      `| ${r.storage} | ${r.uploadsPerSec} | ${r.mbPerSec} | ${r.uploadP50} | ${r.ttfbP50} | ${r.ttfbP99} | ${r.errors} |`,
    )
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
