import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContentRepo } from '../modules/content/content.repo.js'
import { createContentService } from '../modules/content/content.service.js'
import { createUsersRepo } from '../modules/users/users.repo.js'
import { backupDatabase, restoreDatabase } from './backup.js'
import { openDatabase, type Database } from './client.js'

/** Every row of every table (public and drizzle schemas), rows in a stable order. */
async function everyTable(database: Database): Promise<Record<string, string[]>> {
  const tables = (await database.db.execute(
    sql`select table_schema as s, table_name as t from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  )) as unknown as { rows: { s: string; t: string }[] }
  const out: Record<string, string[]> = {}
  for (const { s, t } of tables.rows) {
    const rows = (await database.db.execute(sql.raw(`select * from "${s}"."${t}"`))) as unknown as {
      rows: unknown[]
    }
    out[`${s}.${t}`] = rows.rows.map((r) => JSON.stringify(r)).sort()
  }
  return out
}

/** A database with something in most tables: the curated library, a user, settings, a counter. */
async function fill(database: Database): Promise<void> {
  await createContentService({
    content: createContentRepo(database.db),
    clock: () => new Date(),
  }).importDir()
  await createUsersRepo(database.db).upsert({
    issuer: 'http://backup.test/oidc',
    subject: 'sub-1',
    email: 'lu@example.com',
    name: 'Lucía',
    picture: null,
    claims: { locale: 'es-AR' },
    admin: true,
  })
  await database.db.execute(sql`insert into settings (key, value) values ('inBeta', 'false')`)
  await database.db.execute(
    sql`insert into rate_limits (key, window_start, count) values ('signin:ip:1', 1700000000000, 3)`,
  )
}

describe('db:backup and db:restore round trip', { timeout: 120_000 }, () => {
  let work: string
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'che-backup-'))
  })
  afterAll(() => rmSync(work, { recursive: true, force: true }))

  it.skipIf(process.env.CHE_TEST_DB === 'postgres')(
    'PGlite: a stopped DATA_DIR saved and restored into another one has every table equal',
    async () => {
      const source = join(work, 'source')
      const original = await openDatabase({ dataDir: source })
      await fill(original)
      const before = await everyTable(original)
      await original.close()
      const file = join(work, 'pglite.tar.gz')
      await backupDatabase({ databaseUrl: undefined, dataDir: source }, file)

      const target = join(work, 'target')
      const stale = await openDatabase({ dataDir: target }) // something to be replaced
      await stale.close()
      const message = await restoreDatabase({ databaseUrl: undefined, dataDir: target }, file)
      expect(message).toContain('previous data is kept')
      expect(readdirSync(target).some((n) => n.startsWith('pglite.before-restore-'))).toBe(true)
      const restored = await openDatabase({ dataDir: target })
      try {
        const after = await everyTable(restored)
        expect(Object.keys(after)).toEqual(Object.keys(before))
        expect(after['public.idioms']!.length).toBeGreaterThan(0)
        expect(after).toEqual(before)
      } finally {
        await restored.close()
      }
    },
  )

  describe.runIf(process.env.CHE_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL)(
    'PostgreSQL',
    () => {
      const admin = process.env.TEST_DATABASE_URL!
      const names = [1, 2].map(() => `che_backup_${randomBytes(5).toString('hex')}`)
      const urlOf = (name: string) => {
        const u = new URL(admin)
        u.pathname = `/${name}`
        return u.toString()
      }
      // biome-ignore lint/suspicious/noDuplicateTestHooks: these belong to the describe.runIf block above, which the rule does not recognise as a describe
      beforeAll(async () => {
        const c = new pg.Client({ connectionString: admin })
        await c.connect()
        for (const n of names) await c.query(`create database ${n}`)
        await c.end()
      })
      // biome-ignore lint/suspicious/noDuplicateTestHooks: as above, the describe.runIf block's own hook
      afterAll(async () => {
        const c = new pg.Client({ connectionString: admin })
        await c.connect()
        for (const n of names) await c.query(`drop database if exists ${n} with (force)`)
        await c.end()
      })

      it('pg_dump of one database restored into another has every table equal', async () => {
        const original = await openDatabase({ url: urlOf(names[0]!), dataDir: 'unused' })
        await fill(original)
        const before = await everyTable(original)
        const file = join(work, 'pg.dump')
        // Taken while the source is open, as with a running server.
        await backupDatabase({ databaseUrl: urlOf(names[0]!), dataDir: 'unused' }, file)
        await original.close()

        const target = await openDatabase({ url: urlOf(names[1]!), dataDir: 'unused' })
        await target.db.execute(sql`insert into settings (key, value) values ('stale', 'yes')`)
        await target.close()
        await restoreDatabase({ databaseUrl: urlOf(names[1]!), dataDir: 'unused' }, file)
        const restored = await openDatabase({ url: urlOf(names[1]!), dataDir: 'unused' })
        try {
          const after = await everyTable(restored)
          expect(after['public.idioms']!.length).toBeGreaterThan(0)
          expect(after).toEqual(before)
        } finally {
          await restored.close()
        }
      })
    },
  )
})
