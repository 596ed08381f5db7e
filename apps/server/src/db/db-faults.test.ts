import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusterUnavailable, startCluster, type Cluster } from '../test/pg-cluster.js'
import { call, learningLoad, liftDailyLimit, syncAll, tokenMinter } from '../test/learner-load.js'
import { spawnServer, type SpawnedServer } from '../test/spawn-server.js'
import { createChangeBus, type ChangeBus } from './bus.js'
import { openDatabase, type Database } from './client.js'
import { isDatabaseUnavailable } from './faults.js'

// These tests stop, restart and kill PostgreSQL, so they run on a throwaway cluster of their own
// (never the shared TEST_DATABASE_URL server), in the server-pg project only.
const onPostgres = process.env.CHE_TEST_DB === 'postgres'
const missing = onPostgres ? clusterUnavailable() : undefined
if (missing) console.warn(`db-faults: skipped, ${missing}`)
const run = onPostgres && !missing

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function terminateOthers(cluster: Cluster, database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') })
  await admin.connect()
  try {
    const res = await admin.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    )
    return res.rows[0].n as number
  } finally {
    await admin.end()
  }
}

/** Wait until some backend is running a query that contains `text`. */
async function waitForActive(cluster: Cluster, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') })
  await admin.connect()
  try {
    for (let i = 0; i < 200; i++) {
      const res = await admin.query(
        `select count(*)::int as n from pg_stat_activity where state = 'active' and query like $1 and pid <> pg_backend_pid()`,
        [`%${text}%`],
      )
      if (res.rows[0].n > 0) return
      await sleep(50)
    }
    throw new Error(`no backend ran ${text}`)
  } finally {
    await admin.end()
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error('condition not met in time')
    await sleep(100)
  }
}

describe.runIf(run)('database faults on a real PostgreSQL', () => {
  let cluster: Cluster

  beforeAll(async () => {
    cluster = await startCluster()
  })
  afterAll(() => cluster?.remove())

  describe('the pool (in process)', () => {
    let database: Database
    beforeAll(async () => {
      database = await openDatabase({ url: cluster.url('postgres'), dataDir: 'unused' })
    })
    afterAll(() => database?.close())

    it('survives idle connections being terminated, and the next query works', async () => {
      await Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select 1`)))
      expect(await terminateOthers(cluster, 'postgres')).toBeGreaterThan(0)
      await sleep(200)
      await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined()
    })

    it('survives a connection terminated mid-query: the query fails as "unavailable"', async () => {
      // Drizzle queries are lazy: `then` sends this one now.
      const slow = database.db.execute(sql`select pg_sleep(20)`).then(
        () => undefined,
        (e: unknown) => e,
      )
      await waitForActive(cluster, 'pg_sleep')
      expect(await terminateOthers(cluster, 'postgres')).toBeGreaterThan(0)
      const err = await slow
      expect(err).toBeDefined()
      expect(isDatabaseUnavailable(err), String(err)).toBe(true)
      await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined()
    })

    it('survives a connection terminated inside a transaction, and nothing of it is written', async () => {
      await database.db.execute(sql`create table if not exists fault_probe (id int primary key)`)
      await database.db.execute(sql`truncate fault_probe`)
      let inside = false
      const result = database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into fault_probe values (1)`)
        inside = true
        // The connection is held, idle in transaction, while the backend is killed: this is the
        // moment whose 'error' event had no listener and ended the process.
        await sleep(3_000)
        await tx.execute(sql`insert into fault_probe values (2)`)
      })
      while (!inside) await sleep(20)
      expect(await terminateOthers(cluster, 'postgres')).toBeGreaterThan(0)
      const err = await result.then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(isDatabaseUnavailable(err)).toBe(true)
      const rows = (await database.db.execute(
        sql`select count(*)::int as n from fault_probe`,
      )) as unknown as {
        rows: { n: number }[]
      }
      expect(rows.rows[0]!.n).toBe(0)
    })
  })

  describe('the change bus (LISTEN/NOTIFY)', () => {
    it('keeps listening after its connection is killed, and asks for a resync', async () => {
      const quiet = { info: () => {}, warn: () => {} }
      const dbs = await Promise.all([
        openDatabase({ url: cluster.url('postgres'), dataDir: 'unused' }),
        openDatabase({ url: cluster.url('postgres'), dataDir: 'unused' }),
      ])
      const [one, two] = dbs.map((d) => createChangeBus(d, quiet)) as [ChangeBus, ChangeBus]
      try {
        const heard: string[] = []
        let resyncs = 0
        two.subscribe((topic) => void heard.push(topic))
        two.onResync(() => {
          resyncs++
        })
        await sleep(300)
        await one.publish('settings')
        await waitUntil(() => heard.length === 1)
        await terminateOthers(cluster, 'postgres') // kills the LISTEN connection too
        await waitUntil(() => resyncs === 1)
        await waitUntil(async () => {
          await one.publish('caches').catch(() => {})
          return heard.includes('caches')
        })
      } finally {
        await one.close()
        await two.close()
        await Promise.all(dbs.map((d) => d.close()))
      }
    })
  })

  describe('the real server under the learning load', () => {
    // Loopback, so the first account becomes admin (docs/decisions/026).
    const PUBLIC_URL = 'http://localhost'
    let server: SpawnedServer
    let dataDir: string
    let tokens: string[]

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'che-faults-'))
      const url = cluster.url('postgres')
      server = await spawnServer({
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        PUBLIC_URL,
        NODE_ENV: 'production',
      })
      const mint = await tokenMinter(url, PUBLIC_URL)
      tokens = await Promise.all(Array.from({ length: 8 }, (_, i) => mint(`faults-learner-${i}`)))
      await syncAll(server.url, tokens)
      await liftDailyLimit(server.url, tokens[0]!)
    }, 120_000)
    afterAll(async () => {
      await server?.stop()
      rmSync(dataDir, { recursive: true, force: true })
    })

    it('answers 503 with Retry-After while PostgreSQL is down, loses no acknowledged write, never exits, and recovers within 5 s', async () => {
      const load = learningLoad(server.url, tokens)
      await sleep(1_500)
      // Backends killed under load: some idle, some mid-query, some inside the evaluate transaction.
      await terminateOthers(cluster, 'postgres')
      await sleep(1_000)

      cluster.stop('fast')
      const down = performance.now()
      await sleep(1_000)
      const duringOutage = await call(server.url, 'GET', '/api/exercises/next', tokens[1])
      const readyDuringOutage = await call(server.url, 'GET', '/readyz')
      const liveDuringOutage = await call(server.url, 'GET', '/healthz')
      await sleep(1_500)

      cluster.start()
      const back = performance.now()
      let recoveredAt: number | undefined
      while (performance.now() - back < 15_000) {
        const res = await call(server.url, 'POST', '/api/users/sync', tokens[2], {})
        if (res.status === 200) {
          recoveredAt = performance.now()
          break
        }
        await sleep(50)
      }
      await sleep(1_500)
      await load.stop()

      const recoveryMs = recoveredAt === undefined ? undefined : Math.round(recoveredAt - back)
      const outageErrors = load.samples.filter((s) => s.status >= 500 && s.status !== 503)
      const unavailable = load.samples.filter((s) => s.status === 503)
      console.log(
        `PostgreSQL restart under load: down ${Math.round(back - down)} ms, recovery ${recoveryMs} ms after it accepted connections; acknowledged writes ${load.acknowledged.length}; statuses ${JSON.stringify(load.statuses)}`,
      )

      expect(duringOutage.status).toBe(503)
      expect(JSON.parse(duringOutage.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
      expect(duringOutage.headers.get('retry-after')).toBe('5')
      expect(readyDuringOutage.status).toBe(503)
      expect(liveDuringOutage.status).toBe(200)
      expect(outageErrors).toEqual([])
      expect(unavailable.every((s) => s.retryAfter !== null)).toBe(true)
      expect(recoveryMs).toBeDefined()
      expect(recoveryMs!).toBeLessThan(5_000)
      // Process exits = 0.
      expect(server.child.exitCode).toBeNull()
      expect(server.child.signalCode).toBeNull()
      expect((await call(server.url, 'GET', '/readyz')).status).toBe(200)

      // Acknowledged writes lost = 0, and nothing half-written: every claimed attempt has its result.
      const check = new pg.Client({ connectionString: cluster.url('postgres') })
      await check.connect()
      try {
        const stored = await check.query<{ attempt_id: string; empty: boolean }>(
          `select attempt_id, payload = '{}'::jsonb as empty from attempts`,
        )
        const ids = new Set(stored.rows.map((r) => r.attempt_id))
        const lost = load.acknowledged.filter((id) => !ids.has(id))
        console.log(
          `acknowledged writes lost: ${lost.length} of ${load.acknowledged.length}; process exits: 0`,
        )
        expect(load.acknowledged.length).toBeGreaterThan(0)
        expect(lost).toEqual([])
        expect(stored.rows.filter((r) => r.empty)).toEqual([])
      } finally {
        await check.end()
      }
    }, 90_000)
  })
})
