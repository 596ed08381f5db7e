import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMaintenance, due, type Maintenance } from './maintenance.js'
import { createTestDatabase, type TestDatabase } from './test-db.js'

describe('due: what autovacuum would do, with PostgreSQL defaults', () => {
  const counts = { n_live_tup: 1000, n_dead_tup: 0, n_mod_since_analyze: 0, n_ins_since_vacuum: 0 }
  const action = (c: Partial<typeof counts>) => due({ relname: 't', ...counts, ...c })?.action

  it('analyzes a table once its changes pass 50 + 10 % of its rows', () => {
    expect(action({ n_mod_since_analyze: 150 })).toBeUndefined()
    expect(action({ n_mod_since_analyze: 151 })).toBe('analyze')
  })

  it('vacuums once dead rows pass 50 + 20 %, or inserted rows 1,000 + 20 %', () => {
    expect(action({ n_dead_tup: 250 })).toBeUndefined()
    expect(action({ n_dead_tup: 251 })).toBe('vacuum')
    expect(action({ n_ins_since_vacuum: 1200 })).toBeUndefined()
    // PostgreSQL reports bigint counts as text through some drivers.
    expect(due({ relname: 't', ...counts, n_ins_since_vacuum: '1201' })?.action).toBe('vacuum')
  })

  it('says how far past its threshold a table is', () => {
    expect(due({ relname: 't', ...counts, n_mod_since_analyze: 300 })?.overdue).toBe(2)
    expect(
      due({ relname: 't', ...counts, n_dead_tup: 1000, n_mod_since_analyze: 150 })?.overdue,
    ).toBe(4)
  })
})

/** The server-pg project runs this file on PostgreSQL, whose own autovacuum does this work. */
const onPglite = process.env.CHE_TEST_DB !== 'postgres'

describe('database maintenance', () => {
  let database: TestDatabase
  beforeEach(async () => {
    database = await createTestDatabase()
  })
  afterEach(async () => {
    await database.drop()
  })

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
  /** Make this backend's table counters visible in pg_stat_user_tables now, not within 1 s. */
  const flushStats = async () => {
    await database.db.execute(sql`select pg_stat_force_next_flush()`)
    await database.db.execute(sql`select 1`)
  }
  /** Pass until nothing is due (one table a pass); what the passes did. */
  const drain = async (maintenance: Maintenance) => {
    const done = []
    for (let i = 0; i < 40; i++) {
      await flushStats()
      const actions = await maintenance.pass()
      if (actions.length === 0) return done
      done.push(...actions)
    }
    throw new Error('maintenance never caught up')
  }
  const plan = async () =>
    (
      await rows<{ 'QUERY PLAN': string }>(
        sql.raw(`explain execute lookup('[{"u": "${randomUUID()}", "a": "${randomUUID()}"}]')`),
      )
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n')

  it.runIf(onPglite)(
    'keeps a statement prepared on a small table on its index once the table has grown (PGlite)',
    async () => {
      await database.db.execute(
        sql`insert into users (issuer, subject) select 'test', 's' || g from generate_series(1, 20) g`,
      )
      // The learning loop's attempt-id read (exercises.repo.ts), planned while the table is small,
      // as the loop's statements are on a new install.
      await database.db.execute(
        sql.raw(`prepare lookup(jsonb) as select a.payload
        from jsonb_to_recordset($1) as k(u uuid, a uuid)
        join attempts a on a.user_id = k.u and a.attempt_id = k.a`),
      )
      for (let i = 0; i < 6; i++) await plan()
      // Each stored payload is a whole evaluation reply (≈ 600 bytes), as the loop stores them.
      await database.db.execute(
        sql`insert into attempts (user_id, attempt_id, payload)
          select u.id, gen_random_uuid(), jsonb_build_object('evaluation', repeat('feedback ', 70))
          from users u, generate_series(1, 1000)`,
      )
      // Nobody analyzed the table: the cached plan reads every one of its 20,000 rows.
      expect(await plan()).toMatch(/Seq Scan on attempts/)

      await flushStats()
      // The table furthest past its threshold goes first: 20,000 rows inserted into none.
      expect(await createMaintenance(database).pass()).toEqual([
        { table: 'attempts', action: 'vacuum' },
      ])
      expect(await plan()).toMatch(/Index (Only )?Scan .*on attempts/)
    },
  )

  it.runIf(onPglite)(
    'vacuums a table whose rows were rewritten and leaves a quiet one alone (PGlite)',
    async () => {
      await database.db.execute(
        sql`insert into users (issuer, subject) select 'test', 's' || g from generate_series(1, 400) g`,
      )
      const maintenance = createMaintenance(database)
      await drain(maintenance)
      await flushStats()
      expect(await maintenance.pass()).toEqual([])

      await database.db.execute(sql`update users set name = 'renamed'`)
      // Each renamed user also bumps the users' cache version (a trigger), so that one-row table
      // is due too; both are vacuumed, one a pass, and analyzed at a later pass (one statement a
      // pass: each holds PGlite's backend and the event loop while it runs).
      const done = await drain(maintenance)
      const at = (action: string) =>
        done.findIndex((a) => a.table === 'users' && a.action === action)
      expect(at('vacuum')).toBeGreaterThanOrEqual(0)
      expect(at('analyze')).toBeGreaterThan(at('vacuum'))
      const [users] = await rows<{ n_dead_tup: number; n_mod_since_analyze: number }>(
        sql`select n_dead_tup, n_mod_since_analyze from pg_stat_user_tables where relname = 'users'`,
      )
      expect(Number(users!.n_dead_tup)).toBe(0)
      expect(Number(users!.n_mod_since_analyze)).toBe(0)
    },
  )

  it('reports a failed pass and keeps passing, one pass at a time', async () => {
    // A database that refuses every statement, as PGlite does once it has been closed under us.
    let inFlight = 0
    let most = 0
    const refusing = {
      kind: 'pglite' as const,
      db: {
        execute: async () => {
          most = Math.max(most, ++inFlight)
          await new Promise((r) => setTimeout(r, 30))
          inFlight--
          throw new Error('database is closed')
        },
      } as unknown as TestDatabase['db'],
    }
    const errors: unknown[] = []
    const maintenance = createMaintenance(refusing, {
      everyMs: 5, // shorter than a pass: the timer must not pile passes up
      onError: (err) => errors.push(err),
    })
    maintenance.start()
    await new Promise((r) => setTimeout(r, 200))
    await maintenance.stop()
    expect(errors.length).toBeGreaterThanOrEqual(2)
    expect(String(errors[0])).toMatch(/database is closed/)
    expect(most).toBe(1)
    await expect(maintenance.pass()).rejects.toThrow(/database is closed/)
  })

  it('does nothing on PostgreSQL, whose autovacuum keeps the statistics', async () => {
    const maintenance = createMaintenance({ db: database.db, kind: 'postgres' })
    expect(await maintenance.pass()).toEqual([])
    maintenance.start()
    await maintenance.stop()
  })

  it.runIf(onPglite)(
    'passes on a timer once started, and stop() waits for the pass under way',
    async () => {
      let passes = 0
      const maintenance = createMaintenance(database, { everyMs: 20, onPass: () => passes++ })
      maintenance.start()
      maintenance.start() // idempotent: still one timer
      await new Promise((r) => setTimeout(r, 150))
      await maintenance.stop()
      const stopped = passes
      expect(stopped).toBeGreaterThanOrEqual(2)
      await new Promise((r) => setTimeout(r, 60))
      expect(passes).toBe(stopped)
    },
  )
})
