import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { openDatabase, usePglite, type Database } from './client.js'

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
    const database = await usePglite(await PGlite.create({ loadDataDir: await migratedTemplate() }))
    return { ...database, drop: () => database.close() }
  }
  const name = `che_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
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

/**
 * A migrated, empty PGlite data directory, made once per test worker: starting from it skips
 * PGlite's initdb and the migrations, which are most of the cost of a fresh database.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const database = await openDatabase({ dataDir: 'memory://' })
    const client = (database.db as unknown as { $client: PGlite }).$client
    const dump = await client.dumpDataDir('none')
    await database.close()
    return dump
  })()
  return template
}
