import { existsSync, mkdirSync } from 'node:fs'
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
    const db = drizzlePg(pool, { schema }) as unknown as Db
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
  if (opts.dataDir === 'memory://') return usePglite(await PGlite.create(PGLITE_OPTIONS))
  const dir = join(opts.dataDir, 'pglite')
  mkdirSync(dir, { recursive: true })
  const fresh = !existsSync(join(dir, 'PG_VERSION'))
  if (fresh) {
    // initdb and the first migrations grow PGlite's WebAssembly memory to several hundred MB,
    // and WebAssembly memory never shrinks: create the cluster in a first instance, close it,
    // and serve from a second one that starts small.
    const first = await usePglite(await PGlite.create(dir, PGLITE_OPTIONS))
    await first.close()
  }
  return usePglite(await PGlite.create(dir, PGLITE_OPTIONS))
}

/**
 * PGlite is one process inside ours, reading its files through the OS page cache: PostgreSQL's
 * default 128 MB of shared buffers would only double-cache them (and be resident from the
 * start). 16 MB keeps the hot pages of a small library in the buffer pool.
 */
const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
}

/** Wrap an open PGlite client and bring its schema up to date. */
export async function usePglite(client: PGlite): Promise<Database> {
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder: MIGRATIONS })
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() }
}

/** A cheap query that proves the connection works. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}
