import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  call,
  learningLoad,
  liftDailyLimit,
  syncAll,
  tokenMinter,
} from '../apps/server/src/test/learner-load.js'
import { clusterUnavailable, startCluster } from '../apps/server/src/test/pg-cluster.js'
import { spawnServer, type SpawnedServer } from '../apps/server/src/test/spawn-server.js'

/**
 * Operations on PostgreSQL, on a throwaway cluster of its own (never a shared server):
 * 1. recovery after a PostgreSQL restart under the learning load (learners looping next +
 *    evaluate): from the moment PostgreSQL accepts connections again to the first answered write;
 * 2. settings propagation between two instances (saved on A, seen on B);
 * 3. a rolling restart of one of two instances under load, routed like the compose file's Caddy
 *    (only to instances whose /readyz said 200 at the last 250 ms check): requests refused.
 */
const LEARNERS = 20
// Loopback, so the first account becomes admin (docs/decisions/026).
const PUBLIC_URL = 'http://localhost'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function tally(samples: { status: number }[]) {
  const by = (f: (s: number) => boolean) => samples.filter((s) => f(s.status)).length
  return {
    total: samples.length,
    ok: by((s) => s >= 200 && s < 300),
    refused: by((s) => s === 0),
    unavailable: by((s) => s === 503),
    server5xx: by((s) => s >= 500 && s !== 503),
  }
}

export async function run(): Promise<void> {
  const missing = clusterUnavailable()
  if (missing) {
    console.log(`ops bench skipped: ${missing}`)
    return
  }
  const cluster = await startCluster()
  const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'che-bench-ops-')))
  const url = cluster.url('postgres')
  const env = (i: number) => ({
    DATABASE_URL: url,
    DATA_DIR: dirs[i]!,
    PUBLIC_URL,
    NODE_ENV: 'production',
    SHUTDOWN_DRAIN_MS: '1000',
  })
  const servers: SpawnedServer[] = []
  try {
    servers[0] = await spawnServer(env(0), { timeoutMs: 180_000 })
    const mint = await tokenMinter(url, PUBLIC_URL)
    const tokens = await Promise.all(
      Array.from({ length: LEARNERS }, (_, i) => mint(`ops-learner-${i}`)),
    )
    const admin = tokens[0]!
    await syncAll(servers[0].url, tokens)
    await liftDailyLimit(servers[0].url, admin)

    // 1. PostgreSQL restart under load.
    const load = learningLoad(servers[0].url, tokens)
    await sleep(3_000)
    cluster.stop('fast')
    await sleep(2_000)
    cluster.start()
    const back = performance.now()
    let recovered: number | undefined
    while (performance.now() - back < 30_000) {
      const first = load.samples.find((s) => s.at > back && s.status >= 200 && s.status < 300)
      if (first) {
        recovered = first.at - back
        break
      }
      await sleep(10)
    }
    await sleep(2_000)
    await load.stop()
    const t1 = tally(load.samples)
    const alive = servers[0].child.exitCode === null
    console.log(
      '\nPostgreSQL restart (pg_ctl stop -m fast, 2 s down, start) under the learning load',
    )
    console.log('| figure | value |')
    console.log('|---|---|')
    console.log(`| learners | ${LEARNERS} |`)
    console.log(
      `| recovery: PostgreSQL accepting -> first answered call | ${recovered === undefined ? 'none in 30 s' : `${Math.round(recovered)} ms`} |`,
    )
    console.log(`| calls answered 503 (with Retry-After) | ${t1.unavailable} |`)
    console.log(`| calls without an answer (connection refused/reset) | ${t1.refused} |`)
    console.log(`| calls answered other 5xx | ${t1.server5xx} |`)
    console.log(`| acknowledged writes | ${load.acknowledged.length} |`)
    console.log(`| process still running | ${alive ? 'yes' : 'NO'} |`)

    // 2. Settings propagation between two instances.
    servers[1] = await spawnServer(env(1), { timeoutMs: 180_000 })
    const [a, b] = servers as [SpawnedServer, SpawnedServer]
    const times: number[] = []
    for (let i = 0; i < 10; i++) {
      const current = JSON.parse((await call(b.url, 'GET', '/api/settings', admin)).body)
        .settings as Record<string, string>
      const value = String(1000 + i)
      const saved = call(a.url, 'POST', '/api/settings', admin, {
        settings: { ...current, reportMinReviews: value },
      })
      const start = performance.now()
      await saved
      for (;;) {
        const seen = JSON.parse((await call(b.url, 'GET', '/api/settings', admin)).body).settings
        if (seen.reportMinReviews === value) break
        if (performance.now() - start > 10_000) throw new Error('settings never reached B')
      }
      times.push(performance.now() - start)
    }
    times.sort((x, y) => x - y)
    console.log(
      '\nSettings propagation A -> B (saved on A: answer received -> first read on B showing it; 10 runs)',
    )
    console.log(
      `| median | max |\n|---|---|\n| ${Math.round(times[5]!)} ms | ${Math.round(times[9]!)} ms |`,
    )

    // 3. Rolling restart of A while both serve, health-checked routing.
    const healthy = new Set<string>([a.url, b.url])
    let polling = true
    const poller = (async () => {
      while (polling) {
        for (const s of servers) {
          const r = await call(s.url, 'GET', '/readyz')
          if (r.status === 200) healthy.add(s.url)
          else healthy.delete(s.url)
        }
        await sleep(250)
      }
    })()
    let turn = 0
    const pick = () => {
      const list = [...healthy]
      return list.length ? list[turn++ % list.length]! : b.url
    }
    const rolling = learningLoad(pick, tokens)
    await sleep(3_000)
    const restartStarted = performance.now()
    await a.stop()
    servers[0] = await spawnServer({ ...env(0) }, { port: a.port, timeoutMs: 180_000 })
    const restartMs = performance.now() - restartStarted
    await sleep(3_000)
    await rolling.stop()
    polling = false
    await poller
    const t3 = tally(rolling.samples)
    console.log(
      '\nRolling restart of one of two instances under the learning load (SHUTDOWN_DRAIN_MS=1000, /readyz-routed)',
    )
    console.log('| calls | answered 2xx | refused (no answer) | 503 | other 5xx | restart took |')
    console.log('|---|---|---|---|---|---|')
    console.log(
      `| ${t3.total} | ${t3.ok} | ${t3.refused} | ${t3.unavailable} | ${t3.server5xx} | ${Math.round(restartMs / 1000)} s |`,
    )
    console.log('(figures from a machine shared with other work; a quiet machine recovers faster)')
  } finally {
    for (const s of servers) await s?.stop()
    cluster.remove()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
