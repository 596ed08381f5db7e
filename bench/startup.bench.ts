/**
 * Start-up and memory, through what `npm start` runs (`node <V8 flags> scripts/start.mjs`: the
 * compiled server, apps/server/dist/main.js; the web app, the server and the PGlite template a
 * fresh data folder is copied from are built first, outside the timings, so no rebuild happens)
 * on PGlite:
 * - cold start on a fresh data folder, then a second start on the same data: time from spawn to
 *   the first 200 of GET / and of GET /api/settings;
 * - idle RSS of the server process 5 s after it is ready (target ≤ 250 MB);
 * - a soak: 20 learners looping next + evaluate for BENCH_SOAK_SECONDS (default 180), printing
 *   start, peak and end RSS (sampled every second). The local evaluator loads on the first answer
 *   (docs/decisions/041), so the RSS before any answer is printed apart and the soak's start is
 *   taken after one answer per learner.
 * Run: npx tsx bench/startup.bench.ts   (BENCH_SOAK_SECONDS=0 skips the soak)
 */
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JWK } from 'jose'
import { minterFromKey } from '../apps/server/src/test/learner-load.js'
import { openDatabase } from '../apps/server/src/db/client.js'
import { loadSigningKeys } from '../apps/server/src/idp/keys.js'
import { freePort, ROOT, spawnServer } from './support.js'

const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 180)
/**
 * The node arguments of package.json's `start` script (`node <flags> scripts/start.mjs`), so the
 * bench runs with the same V8 flags as `npm start` (docs/decisions/043). BENCH_START_ARGS
 * replaces them, e.g. `scripts/start.mjs` alone to measure without the flags.
 */
const START_ARGS = (
  process.env.BENCH_START_ARGS ??
  (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start.replace(/^node\s+/, '')
)
  .split(/\s+/)
  .filter(Boolean)
const SOAK_LEARNERS = 20

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

async function start(dataDir: string): Promise<{
  child: ChildProcess
  url: string
  firstPageMs: number
  firstApiMs: number
}> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const t0 = performance.now()
  const child = spawnServer(START_ARGS, {
    url,
    port,
    dataDir,
    env: { NODE_ENV: 'production' },
  })
  let firstPageMs = 0
  let firstApiMs = 0
  while (!firstPageMs || !firstApiMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if (!firstPageMs && (await fetch(`${url}/`)).status === 200)
        firstPageMs = Math.round(performance.now() - t0)
      if (!firstApiMs && (await fetch(`${url}/api/settings`)).status === 200)
        firstApiMs = Math.round(performance.now() - t0)
    } catch {
      // not listening yet
    }
    if (!firstPageMs || !firstApiMs) await new Promise((r) => setTimeout(r, 20))
  }
  return { child, url, firstPageMs, firstApiMs }
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM')
  if (child.exitCode === null) await new Promise((r) => child.once('exit', r))
}

async function soak(url: string, pid: number, dataDir: string, jwk: JWK): Promise<void> {
  const mint = await minterFromKey(jwk, url, 'bench.example')
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    return { status: res.status, text: await res.text() }
  }
  const admin = await mint('soak-admin')
  await call('POST', '/api/users/sync', admin, {})
  const current = JSON.parse((await call('GET', '/api/settings', admin)).text) as {
    settings: Record<string, string>
  }
  await call('POST', '/api/settings', admin, {
    settings: { ...current.settings, dailyNewLimit: '100000' },
  })
  const tokens = await Promise.all(
    Array.from({ length: SOAK_LEARNERS }, (_, i) => mint(`soak-${i}`)),
  )
  for (const t of tokens) await call('POST', '/api/users/sync', t, {})

  const idleRss = rssMb(pid)
  // One answer per learner first: it loads the evaluator, which a real first answer also does.
  let requests = 0
  let failures = 0
  const answer = async (token: string, round: number) => {
    const next = await call('GET', '/api/exercises/next?tz=America/Argentina/Buenos_Aires', token)
    requests++
    if (next.status !== 200) {
      failures++
      return
    }
    const ex = JSON.parse(next.text) as { exampleId: string; text: string; translation: string }
    const res = await call('POST', '/api/exercises/evaluate', token, {
      exampleId: ex.exampleId,
      userTranscription: round % 2 ? ex.text.split(' ').slice(0, -1).join(' ') : ex.text,
      userTranslation: ex.translation,
      attemptId: randomUUID(),
    })
    requests++
    if (res.status !== 200) failures++
  }
  await Promise.all(tokens.map((token) => answer(token, 0)))

  const startRss = rssMb(pid)
  let peak = startRss
  // Every 30 s as well, so levelling off (the heap reaching its GC limit) shows apart from growth.
  const every30s: number[] = []
  let ticks = 0
  const sampler = setInterval(() => {
    const rss = rssMb(pid)
    peak = Math.max(peak, rss)
    if (++ticks % 30 === 0) every30s.push(rss)
  }, 1000)
  const deadline = performance.now() + SOAK_SECONDS * 1000
  await Promise.all(
    tokens.map(async (token) => {
      for (let round = 1; performance.now() < deadline; round++) await answer(token, round)
    }),
  )
  clearInterval(sampler)
  const endRss = rssMb(pid)
  void dataDir
  console.log(
    `soak: ${SOAK_LEARNERS} learners, next + evaluate for ${SOAK_SECONDS} s: ${requests} requests, ${failures} not 200; RSS before the first answer ${idleRss} MB; after one answer each (soak start) ${startRss} MB, peak ${Math.max(peak, endRss)} MB, end ${endRss} MB; every 30 s: ${every30s.join(', ')} MB`,
  )
}

export async function run(): Promise<void> {
  // What `npm start` would build when the sources changed: done here, outside the timings.
  const { buildWebIfChanged } = (await import(join(ROOT, 'scripts/start.mjs'))) as {
    buildWebIfChanged(): boolean
  }
  const { buildServerIfChanged, buildPgliteTemplateIfChanged } = (await import(
    join(ROOT, 'scripts/build-server.mjs')
  )) as {
    buildServerIfChanged(): Promise<boolean>
    buildPgliteTemplateIfChanged(): Promise<boolean>
  }
  buildWebIfChanged()
  await buildServerIfChanged()
  await buildPgliteTemplateIfChanged()
  const dataDir = mkdtempSync(join(tmpdir(), 'che-bench-startup-'))
  try {
    const cold = await start(dataDir)
    await new Promise((r) => setTimeout(r, 5000))
    const coldIdle = rssMb(cold.child.pid!)
    await stop(cold.child)
    const warm = await start(dataDir)
    await new Promise((r) => setTimeout(r, 5000))
    const warmIdle = rssMb(warm.child.pid!)
    console.log(
      `\nStart-up through \`node ${START_ARGS.join(' ')}\` (what npm start runs: compiled server, web app and PGlite template already built), PGlite`,
    )
    console.log(
      '| start | first 200 of / (ms) | first 200 of /api/settings (ms) | idle RSS 5 s after (MB) |',
    )
    console.log('|---|---|---|---|')
    console.log(
      `| cold (fresh data folder) | ${cold.firstPageMs} | ${cold.firstApiMs} | ${coldIdle} |`,
    )
    console.log(
      `| second start, same data | ${warm.firstPageMs} | ${warm.firstApiMs} | ${warmIdle} |`,
    )
    if (SOAK_SECONDS > 0) {
      await stop(warm.child)
      const database = await openDatabase({ dataDir })
      const jwk = (await loadSigningKeys(database.db)).keys[0] as JWK
      await database.close()
      const again = await start(dataDir)
      try {
        await soak(again.url, again.child.pid!, dataDir, jwk)
      } finally {
        await stop(again.child)
      }
    } else {
      await stop(warm.child)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
