import { sql } from 'drizzle-orm'
import type { Database } from './client.js'
import { createPeriodic } from './periodic.js'

/**
 * PGlite's autovacuum (docs/decisions/061).
 *
 * PGlite runs PostgreSQL as one backend inside this process, without the autovacuum launcher, so
 * nothing ever ANALYZEs or VACUUMs its tables. That costs more than bloat: a statement prepared
 * once per connection (db/prepared.ts) keeps the plan it was given while its tables were small,
 * and a table that grew stays read by that plan — the learning loop's attempt-id lookup became a
 * sequential scan of every learner's attempts (18 ms at 20,000 rows, growing with every answer).
 * PostgreSQL re-plans a cached statement when its tables are analyzed, which is what real
 * PostgreSQL's autovacuum triggers as they grow.
 *
 * So, on PGlite only, a pass every `everyMs` (5 s) reads the cumulative statistics and does what
 * autovacuum would, with PostgreSQL's default thresholds, to the one table furthest past them:
 * ANALYZE a table once the rows changed since its last analyze pass 50 + 10 % of its rows; VACUUM
 * it once its dead rows pass 50 + 20 %, or its rows inserted since the last vacuum
 * pass 1,000 + 20 % (which keeps an append-only table's visibility map current). On PostgreSQL
 * the server's own autovacuum does it, and `start` does nothing.
 *
 * A pass runs one statement, VACUUM or ANALYZE, never both: PGlite runs it inside the event loop,
 * so every request waits while it runs, and the shortest stops keep the tail short.
 */

/** PostgreSQL's defaults: autovacuum_{analyze,vacuum,vacuum_insert}_{threshold,scale_factor}. */
const ANALYZE_THRESHOLD = 50
const ANALYZE_SCALE = 0.1
const VACUUM_THRESHOLD = 50
const VACUUM_SCALE = 0.2
const INSERT_THRESHOLD = 1000
const INSERT_SCALE = 0.2

/** ANALYZE samples 300 × this many rows (PostgreSQL's default target is 100). */
const STATISTICS_TARGET = 3

/** How often a pass looks at the statistics (one small catalogue read when nothing is due). */
export const MAINTENANCE_EVERY_MS = 5_000

interface TableStats {
  relname: string
  n_live_tup: number | string
  n_dead_tup: number | string
  n_mod_since_analyze: number | string
  n_ins_since_vacuum: number | string
}

/** What a pass did to one table. */
export interface MaintenanceAction {
  table: string
  action: 'analyze' | 'vacuum'
}

/**
 * What autovacuum would do to a table with these counts now, if anything, and how far past its
 * threshold the table is (the count over the threshold; above 1 when due).
 */
export function due(
  t: TableStats,
): { action: MaintenanceAction['action']; overdue: number } | undefined {
  const live = Number(t.n_live_tup)
  const overdue = {
    dead: Number(t.n_dead_tup) / (VACUUM_THRESHOLD + VACUUM_SCALE * live),
    inserted: Number(t.n_ins_since_vacuum) / (INSERT_THRESHOLD + INSERT_SCALE * live),
    changed: Number(t.n_mod_since_analyze) / (ANALYZE_THRESHOLD + ANALYZE_SCALE * live),
  }
  const vacuum = Math.max(overdue.dead, overdue.inserted)
  if (vacuum > 1) return { action: 'vacuum', overdue: Math.max(vacuum, overdue.changed) }
  if (overdue.changed > 1) return { action: 'analyze', overdue: overdue.changed }
  return undefined
}

export interface Maintenance {
  /** One pass now: the table analyzed or vacuumed, if one was due (never on PostgreSQL). */
  pass(): Promise<MaintenanceAction[]>
  /** Pass every `everyMs` from now on (after a first pass at once); idempotent. */
  start(): void
  /** Stop passing; a pass under way finishes first. */
  stop(): Promise<void>
}

export function createMaintenance(
  database: Pick<Database, 'db' | 'kind'>,
  opts: {
    everyMs?: number
    onError?: (err: unknown) => void
    onPass?: (actions: MaintenanceAction[], ms: number) => void
  } = {},
): Maintenance {
  const { db } = database

  async function pass(): Promise<MaintenanceAction[]> {
    if (database.kind !== 'pglite') return []
    const started = performance.now()
    const { rows } = (await db.execute(
      sql`select relname, n_live_tup, n_dead_tup, n_mod_since_analyze, n_ins_since_vacuum
          from pg_stat_user_tables where schemaname = 'public' order by relname`,
    )) as unknown as { rows: TableStats[] }
    // One table a pass, the furthest past its threshold: a request waits for at most one
    // table's statements at a time, and the next table gets the next pass.
    let chosen: { table: string; action: MaintenanceAction['action']; overdue: number } | undefined
    for (const t of rows) {
      const d = due(t)
      if (d && (!chosen || d.overdue > chosen.overdue)) chosen = { table: t.relname, ...d }
    }
    const actions: MaintenanceAction[] = []
    if (chosen) {
      const table = sql.identifier(chosen.table)
      // Each statement holds PGlite's one backend while it runs (the event loop too: PGlite is
      // synchronous inside), so a pass runs one: a VACUUM now, the ANALYZE at a later pass (a
      // vacuum leaves the changed-rows count that makes the table due for it). VACUUM runs
      // outside any transaction (it refuses to run inside one).
      if (chosen.action === 'vacuum') await db.execute(sql`vacuum ${table}`)
      else {
        // The planner needs row counts and key distributions, not the jsonb columns'
        // histograms: a sample of 900 rows (progress, 20,000 rows, just after a tenth of them
        // were rewritten: 10 ms, against 26–176 ms at a target of 10 and 366 ms at 100).
        await db.transaction(async (tx) => {
          await tx.execute(
            sql`set local default_statistics_target = ${sql.raw(String(STATISTICS_TARGET))}`,
          )
          await tx.execute(sql`analyze ${table}`)
        })
      }
      actions.push({ table: chosen.table, action: chosen.action })
    }
    opts.onPass?.(actions, performance.now() - started)
    return actions
  }

  const periodic = createPeriodic(pass, {
    everyMs: opts.everyMs ?? MAINTENANCE_EVERY_MS,
    onError: opts.onError,
  })
  return {
    pass: periodic.pass,
    start() {
      if (database.kind === 'pglite') periodic.start()
    },
    stop: periodic.stop,
  }
}
