import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { openDatabase, usePglite, type Database } from './client.js'
import { PGLITE_OPTIONS } from './pglite-options.js'
import { templateKey } from './pglite-template.js'

export interface TestDatabase extends Database {
  /** Close and, on PostgreSQL, drop the database. */
  drop(): Promise<void>
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL when the suite runs as the server-pg
 * project (CHE_TEST_DB=postgres; created here, dropped by `drop`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl || process.env.CHE_TEST_DB !== 'postgres') {
    // The server's own start parameters: PostgreSQL's default 128 MB of shared buffers cost each
    // test ≈ 0.8 s of start-up, which was half of every route test's time (decision 059).
    const database = await usePglite(
      await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await migratedTemplate() }),
    )
    return { ...database, drop: () => database.close() }
  }
  const name = `che_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    // A copy of the run's migrated template when the server-pg globalSetup made one (≈ 0.1 s
    // instead of ≈ 0.3 s for the migrations); a bare database otherwise (the bench, one file).
    const template = pgTemplateName()
    const made = await admin.query('select 1 from pg_database where datname = $1', [template])
    await admin.query(`create database ${name}${made.rowCount ? ` template ${template}` : ''}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  // Migrations run on every open: on a copy of the template they find nothing left to do.
  const database = await openDatabase({ url: url.toString(), dataDir: 'unused' })
  return {
    ...database,
    async drop() {
      await database.close()
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      try {
        await c.query(`drop database if exists ${name} with (force)`)
      } finally {
        await c.end()
      }
    },
  }
}

let template: Promise<Blob> | undefined

/** node_modules/.cache/che-test at the repository's root (ignored by git, like tsc's cache). */
const DUMP_DIR = resolve(import.meta.dirname, '../../../../node_modules/.cache/che-test')

/**
 * The dump's file: keyed like the build's pre-made cluster (PGlite version, start parameters,
 * every migration; db/pglite-template.ts), so a dump from other migrations is never loaded.
 */
const dumpFile = (): string => join(DUMP_DIR, `pglite-migrated-${templateKey()}.tar`)

/** A fresh in-memory PGlite with every migration, dumped as an uncompressed tarball. */
async function makeDump(): Promise<Blob> {
  const database = await openDatabase({ dataDir: 'memory://' })
  const client = (database.db as unknown as { $client: PGlite }).$client
  const dump = await client.dumpDataDir('none')
  await database.close()
  return dump
}

/**
 * Make the migrated dump once for a whole test run (the server project's Vitest globalSetup,
 * src/test/global-setup.ts) and keep it on disk: without it every test file — a fresh module
 * graph in a fresh worker — ran PGlite's initdb and every migration itself (≈ 6 s of CPU each).
 * Written to a temporary name and renamed, so a concurrent run never reads half a file.
 */
export async function prepareTestTemplate(): Promise<void> {
  const file = dumpFile()
  if (existsSync(file)) return
  const dump = Buffer.from(await (await makeDump()).arrayBuffer())
  mkdirSync(DUMP_DIR, { recursive: true })
  const staging = `${file}.tmp-${process.pid}`
  writeFileSync(staging, dump)
  renameSync(staging, file)
}

/**
 * A migrated, empty PGlite data directory, loaded once per test file: starting from it skips
 * PGlite's initdb and the migrations, which are most of the cost of a fresh database. It comes
 * from the run's dump when there is one (see prepareTestTemplate), else it is made here.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = dumpFile()
    if (existsSync(file)) return new Blob([readFileSync(file)])
    return makeDump()
  })()
  return template
}

/**
 * The server-pg project's migrated template database on TEST_DATABASE_URL's server, named after
 * this build's migrations (templateKey), so a template made by other migrations is never copied.
 */
export const pgTemplateName = (): string => `che_template_${templateKey().slice(0, 16)}`

/**
 * Make the migrated template database once for a server-pg run (its Vitest globalSetup,
 * src/test/global-setup.ts): each test database is then a `create database … template` copy
 * of it instead of an empty database migrated from scratch (decision 059). Made under a temporary
 * name and renamed, so a concurrent run never copies half a template.
 */
export async function preparePgTemplate(adminUrl: string): Promise<void> {
  const template = pgTemplateName()
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [template])
    if (found.rowCount) return
    const staging = `${template}_${randomBytes(4).toString('hex')}`
    await admin.query(`create database ${staging}`)
    const url = new URL(adminUrl)
    url.pathname = `/${staging}`
    const database = await openDatabase({ url: url.toString(), dataDir: 'unused' })
    await database.close()
    await admin.query(`alter database ${staging} rename to ${template}`)
  } finally {
    await admin.end()
  }
}
