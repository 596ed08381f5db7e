import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { type Database, type Db, openDatabase } from './client.js'
import { buildTemplate, copyTemplate, templateReady } from './pglite-template.js'
import { settings } from './schema.js'

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/** Everything a migration decides: tables, columns, indexes, constraints, functions, triggers. */
async function schemaOf(db: Db): Promise<unknown> {
  const user = sql`not in ('pg_catalog', 'information_schema', 'pg_toast')`
  return {
    columns: await rows(
      db,
      sql`select table_schema, table_name, column_name, ordinal_position, data_type, column_default, is_nullable
          from information_schema.columns where table_schema ${user} order by 1, 2, 4`,
    ),
    indexes: await rows(
      db,
      sql`select schemaname, tablename, indexname, indexdef from pg_indexes
          where schemaname ${user} order by 1, 2, 3`,
    ),
    constraints: await rows(
      db,
      sql`select n.nspname, c.conrelid::regclass::text as rel, c.conname, pg_get_constraintdef(c.oid) as def
          from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where n.nspname ${user} order by 1, 2, 3`,
    ),
    functions: await rows(
      db,
      sql`select n.nspname, p.proname, pg_get_functiondef(p.oid) as def
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname ${user} order by 1, 2, 3`,
    ),
    triggers: await rows(
      db,
      sql`select tgrelid::regclass::text as rel, tgname, pg_get_triggerdef(oid) as def
          from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    sequences: await rows(
      db,
      sql`select schemaname, sequencename, data_type, start_value, increment_by, last_value
          from pg_sequences where schemaname ${user} order by 1, 2`,
    ),
    databases: await rows(
      db,
      sql`select datname, pg_encoding_to_char(encoding) as encoding, datcollate, datctype
          from pg_database order by 1`,
    ),
  }
}

async function tables(db: Db): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'
        order by 1`,
  )
  return found.map((t) => t.name)
}

/** Every row of every table, each table's rows in a stable order. */
async function contentsOf(db: Db): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  for (const name of await tables(db)) {
    const [row] = await rows<{ all: unknown }>(
      db,
      sql.raw(`select coalesce(json_agg(t order by t::text), '[]') as all from ${name} t`),
    )
    out[name] = row!.all
  }
  return out
}

async function countsOf(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const name of await tables(db)) {
    const [row] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${name}`))
    out[name] = row!.n
  }
  return out
}

// PGlite's own start-up path: nothing here reads TEST_DATABASE_URL, so the server-pg project
// (CHE_TEST_DB=postgres) would only run the same PGlite checks a second time.
describe.skipIf(process.env.CHE_TEST_DB === 'postgres')(
  'a fresh PGlite data folder from the pre-built template (docs/decisions/043)',
  () => {
    const root = mkdtempSync(join(tmpdir(), 'che-template-'))
    const template = join(root, 'template')
    const open: Database[] = []
    beforeAll(async () => {
      await buildTemplate(template)
    }, 240_000)
    afterAll(async () => {
      for (const d of open) await d.close().catch(() => {})
      rmSync(root, { recursive: true, force: true })
    })

    it('ends identical to a folder made by initdb and every migration: schema, migration journal, rows; and after the app seeds it', async () => {
      expect(templateReady(template)).toBe(true)
      const fast = await openDatabase({ dataDir: join(root, 'fast'), template })
      open.push(fast)
      const slow = await openDatabase({ dataDir: join(root, 'slow'), template: false })
      open.push(slow)

      // The fast folder really is a copy of the template (initdb gives each cluster its own id).
      const twin = await openDatabase({ dataDir: join(root, 'twin'), template })
      open.push(twin)
      const clusterId = sql`select system_identifier::text as id from pg_control_system()`
      const [fastId] = await rows<{ id: string }>(fast.db, clusterId)
      expect(await rows(twin.db, clusterId)).toEqual([fastId])
      expect(await rows(slow.db, clusterId)).not.toEqual([fastId])

      expect(await schemaOf(fast.db)).toEqual(await schemaOf(slow.db))
      const journal = sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id`
      const fastJournal = await rows(fast.db, journal)
      expect(fastJournal.length).toBeGreaterThan(0)
      expect(fastJournal).toEqual(await rows(slow.db, journal))
      expect(await contentsOf(fast.db)).toEqual(await contentsOf(slow.db))

      // What the app then seeds on its first start (settings, prompts, the curated library).
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://127.0.0.1:3999',
        DATA_DIR: root,
      })
      for (const database of [fast, slow]) {
        const app = await buildApp(config, { database, speechQueue: false })
        await app.ready()
        await app.close()
      }
      const seeded = await countsOf(fast.db)
      expect(seeded['public.examples']).toBeGreaterThan(0)
      expect(seeded).toEqual(await countsOf(slow.db))
    }, 300_000)

    it('keeps an existing data folder as it is (its own rows), and copies only into a folder that has no database', async () => {
      const dataDir = join(root, 'kept')
      const first = await openDatabase({ dataDir, template })
      await first.db.insert(settings).values({ key: 'probe', value: 'kept' })
      await first.close()
      const again = await openDatabase({ dataDir, template })
      open.push(again)
      expect(await again.db.select().from(settings)).toEqual(
        expect.arrayContaining([{ key: 'probe', value: 'kept' }]),
      )
      expect(() => copyTemplate(join(dataDir, 'pglite'), template)).toThrow()
      expect(readdirSync(dataDir)).toEqual(['pglite'])
    }, 120_000)

    it("is readable by any user (the image builds it as root, the server runs as node); its copy is the server user's alone", () => {
      const modes = (dir: string): Set<string> => {
        const seen = new Set<string>()
        const walk = (path: string) => {
          const stat = statSync(path)
          seen.add(`${stat.isDirectory() ? 'dir' : 'file'} ${(stat.mode & 0o777).toString(8)}`)
          if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name))
        }
        walk(dir)
        return seen
      }
      expect(modes(join(template, 'cluster'))).toEqual(new Set(['dir 755', 'file 644']))
      const copy = join(root, 'modes')
      expect(copyTemplate(copy, template)).toBe(true)
      expect(modes(copy)).toEqual(new Set(['dir 700', 'file 600']))
    })

    it('is not used when it was made for other migrations or another PGlite (its key differs)', () => {
      const stale = join(root, 'stale')
      rmSync(stale, { recursive: true, force: true })
      copyTemplate(join(stale, 'cluster'), template)
      writeFileSync(join(stale, 'key'), 'made-for-another-build\n')
      expect(templateReady(stale)).toBe(false)
      expect(copyTemplate(join(root, 'from-stale'), stale)).toBe(false)
      expect(existsSync(join(root, 'from-stale'))).toBe(false)
    })
  },
)
