import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema.js'

export type Schema = typeof schema
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

const MIGRATIONS = resolve(import.meta.dirname, '../../drizzle')
/** Serialises migrations when several instances start against one PostgreSQL at once. */
const MIGRATION_LOCK = 7_263_410_001

/**
 * Open the database and bring its schema up to date: node-postgres when `url` is given,
 * otherwise PGlite persisted under `dataDir` (or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(opts: { url?: string; dataDir: string }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 })
    // An idle connection that the server drops (restart, failover, admin kill) is reported here;
    // without a listener Node would treat it as an uncaught exception and stop the process.
    // The pool replaces the connection on the next query.
    pool.on('error', (err) => {
      if (!closing) console.error(`database connection lost: ${err.message}`)
    })
    let closing = false
    const db: Db = drizzlePg(pool, { schema })
    const client = await pool.connect()
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
      client.release()
    }
    return {
      db,
      kind: 'postgres',
      close: () => {
        closing = true
        return pool.end()
      },
    }
  }
  let client: PGlite
  if (opts.dataDir === 'memory://') {
    client = await PGlite.create()
  } else {
    const dir = join(opts.dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    client = await PGlite.create(dir)
  }
  return usePglite(client)
}

/** Wrap an open PGlite client and bring its schema up to date. */
export async function usePglite(client: PGlite): Promise<Database> {
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder: MIGRATIONS })
  return { db, kind: 'pglite', close: () => client.close() }
}

/** A cheap query that proves the connection works. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}
