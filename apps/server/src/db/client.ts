import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { type SQL, sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { z } from 'zod'
import { MIGRATIONS, PGLITE_OPTIONS } from './pglite-options.js'
import { copyTemplate, TEMPLATE_DIR } from './pglite-template.js'
import * as schema from './schema.js'

export type Schema = typeof schema
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** PostgreSQL only: the connection pool (metrics read its counts) and the URL it connects to. */
  pool?: pg.Pool
  url?: string
  close(): Promise<void>
}

/** Pooled PostgreSQL connections per instance (decision 050: 4, 10 and 20 measured alike). */
export const POOL_SIZE = 10

/** How long a query waits for a connection before failing (503) while PostgreSQL is away. */
const CONNECT_TIMEOUT_MS = 3_000

/** Serialises migrations when several instances start against one PostgreSQL at once. */
const MIGRATION_LOCK = 7_263_410_001

/**
 * Open the database and bring its schema up to date: node-postgres when `url` is given,
 * otherwise PGlite persisted under `dataDir` (or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(opts: {
  url?: string
  dataDir: string
  /** Where a dropped PostgreSQL connection is reported (default: one line on stderr). */
  onConnectionLost?: (message: string) => void
  /**
   * PGlite: the pre-built cluster a fresh data folder starts from (default: the build's,
   * apps/server/pglite-template); false always runs initdb.
   */
  template?: string | false
  /**
   * PostgreSQL: open every pooled connection before answering, and keep them open when idle
   * (decision 050, session 17). Without it the pool opens a connection when a burst needs one
   * and closes it after 10 s idle, so the first burst after start-up or after a lull waits for
   * new backends (fork, authentication, cold catalog caches, statements parsed again). The
   * server asks for it; tests and tools, which open many short-lived pools on one cluster, do not.
   */
  keepPoolOpen?: boolean
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: POOL_SIZE,
      // Idle connections above `min` close after idleTimeoutMillis (10 s); none do with min = max.
      min: opts.keepPoolOpen ? POOL_SIZE : 0,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    })
    let closing = false
    const lost = (err: Error) => {
      if (closing) return
      if (opts.onConnectionLost) opts.onConnectionLost(err.message)
      else console.error(`database connection lost: ${err.message}`)
    }
    // A connection that the server drops (restart, failover, pg_terminate_backend, network cut)
    // emits 'error'; without a listener Node treats it as an uncaught exception and stops the
    // process. The pool's own listener covers idle connections only, so every client gets one
    // for its whole life, including while it is checked out (inside a transaction, mid-query).
    // The query in flight fails (503 to the caller), the pool drops the broken client and opens
    // a fresh connection for the next query.
    pool.on('error', lost)
    pool.on('connect', (client) => client.on('error', lost))
    const db: Db = drizzlePg(pool, { schema })
    const client = await pool.connect()
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
      client.release()
    }
    if (opts.keepPoolOpen) {
      const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()))
      for (const c of clients) c.release()
    }
    return {
      db,
      kind: 'postgres',
      pool,
      url: opts.url,
      close: () => {
        closing = true
        return pool.end()
      },
    }
  }
  if (opts.dataDir === 'memory://') return usePglite(await PGlite.create(PGLITE_OPTIONS))
  const dir = join(opts.dataDir, 'pglite')
  if (!existsSync(join(dir, 'PG_VERSION'))) await createCluster(dir, opts.template ?? TEMPLATE_DIR)
  return usePglite(await PGlite.create(dir, PGLITE_OPTIONS))
}

/**
 * A fresh data folder: a copy of the build's pre-made cluster when there is one for this build
 * (initdb and migrations already done, docs/decisions/043), otherwise initdb. initdb grows
 * PGlite's WebAssembly memory to several hundred MB and leaves as much again in the allocator's
 * arenas, none of which a process gives back, so it runs in a short child process and the
 * server's own instance starts small (docs/decisions/041).
 */
async function createCluster(dir: string, template: string | false): Promise<void> {
  mkdirSync(join(dir, '..'), { recursive: true })
  // An empty folder (made by hand, or by an older version before initdb) is replaced by the copy.
  if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir)
  if (template && !existsSync(dir)) {
    try {
      if (copyTemplate(dir, template)) return
    } catch (err) {
      // An unreadable template (permissions, a half-deleted folder) only costs the slow path.
      console.warn(`could not copy the PGlite template ${template}: ${String(err)}; running initdb`)
    }
  }
  mkdirSync(dir, { recursive: true })
  await createClusterInChild(dir)
}

/** Run PGlite's initdb on `dir` in a child Node process and wait for it to finish. */
async function createClusterInChild(dir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const script = `const { PGlite } = require(${JSON.stringify(pglite)})
    PGlite.create(${JSON.stringify(dir)}, ${JSON.stringify(PGLITE_OPTIONS)}).then((db) => db.close())`
  await new Promise<void>((done, fail) => {
    execFile(
      process.execPath,
      ['-e', script],
      { maxBuffer: 16 * 1024 * 1024 },
      (err, _out, stderr) =>
        err
          ? fail(
              new Error(`creating the database in ${dir} failed: ${stderr.trim() || err.message}`),
            )
          : done(),
    )
  })
}

/** Wrap an open PGlite client and bring its schema up to date. */
export async function usePglite(client: PGlite): Promise<Database> {
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder: MIGRATIONS })
  return { db, kind: 'pglite', close: () => client.close() }
}

/** Migrations shipped with this build (drizzle's journal). */
export function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[]
  }
  return journal.entries.length
}

const CountResult = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) })

/** Migrations recorded as applied in the database. */
export async function appliedMigrations(db: Db): Promise<number> {
  // Both drivers answer `{ rows }`; Db's result type is the drivers' common (unknown) one.
  const { rows } = CountResult.parse(
    await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  )
  return rows[0]?.n ?? 0
}

/** A cheap query that proves the connection works. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}

/** The first row of one raw statement, as node-postgres and PGlite both answer it ({ rows }). */
export async function firstRow<T>(db: Db, query: SQL): Promise<T | undefined> {
  const result = await db.execute(query)
  return (result as unknown as { rows: T[] }).rows[0]
}
