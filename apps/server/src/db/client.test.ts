import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, POOL_SIZE } from './client.js'
import { settings } from './schema.js'

describe('openDatabase (PGlite under a data folder)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'che-client-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('creates a fresh folder, keeps what was written across a restart, with small shared buffers', async () => {
    const first = await openDatabase({ dataDir: dir })
    await first.db.insert(settings).values({ key: 'probe', value: 'kept' })
    await first.close()

    const second = await openDatabase({ dataDir: dir })
    try {
      const rows = await second.db.select().from(settings)
      expect(rows).toEqual(expect.arrayContaining([{ key: 'probe', value: 'kept' }]))
      const result = (await second.db.execute(
        sql`select current_setting('shared_buffers') as value`,
      )) as unknown as { rows: { value: string }[] }
      expect(result.rows[0]!.value).toBe('16MB')
    } finally {
      await second.close()
    }
  }, 180_000)
})

describe.runIf(process.env.CHE_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL)(
  'openDatabase (PostgreSQL pool)',
  () => {
    // Collected (not run) on PGlite too, where there is no URL: made only when the test runs.
    const admin = process.env.TEST_DATABASE_URL ?? ''
    const name = `che_pool_${randomBytes(5).toString('hex')}`
    const url = () => {
      const u = new URL(admin)
      u.pathname = `/${name}`
      return u.toString()
    }
    const backends = async () => {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      try {
        const { rows } = await c.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        )
        return rows[0]!.n
      } finally {
        await c.end()
      }
    }
    beforeAll(async () => {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`create database ${name}`)
      await c.end()
    })
    afterAll(async () => {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    })

    it('opens every pooled connection before answering when the server asks (keepPoolOpen)', async () => {
      // Tests and tools: one connection (the migrations'), more only when a burst needs them.
      const lazy = await openDatabase({ url: url(), dataDir: 'unused' })
      try {
        expect(lazy.pool!.totalCount).toBe(1)
        expect(await backends()).toBe(1)
      } finally {
        await lazy.close()
      }
      const kept = await openDatabase({
        url: url(),
        dataDir: 'unused',
        keepPoolOpen: true,
      })
      try {
        expect(kept.pool!.totalCount).toBe(POOL_SIZE)
        expect(kept.pool!.idleCount).toBe(POOL_SIZE)
        expect(await backends()).toBe(POOL_SIZE)
        // Kept when idle: none is above the pool's minimum, so none has an idle timer to close it.
        expect(kept.pool!.options.min).toBe(POOL_SIZE)
      } finally {
        await kept.close()
      }
    }, 60_000)
  },
)
