import { ATTEMPT_DELETE_AFTER_DAYS } from '@che/core'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { createPeriodic } from '../../db/periodic.js'

/**
 * Deletes stored answers (`attempts`) once they are older than ATTEMPT_DELETE_AFTER_DAYS
 * (docs/decisions/063). Each answer keeps its whole reply, about 1 KB, so that a resend of the
 * same attempt id is answered from memory instead of counted again; kept forever, the table grew
 * by as much as the review log itself. The review log keeps every review; only the resend memory
 * goes. An answer older than ATTEMPT_RETENTION_DAYS is refused by evaluate, so a resend of a
 * deleted one is never counted again.
 *
 * A pass deletes in slices of `slice` rows, the oldest first (by the `attempts_created_idx`
 * index), yielding to the event loop between slices: on PGlite a statement holds the event loop
 * while it runs. Several instances may pass at once; a row deleted twice is deleted once.
 */

/** How often a pass runs. */
export const ATTEMPT_RETENTION_EVERY_MS = 3_600_000

export interface AttemptRetention {
  /** One pass now: how many stored answers were deleted. */
  pass(): Promise<number>
  /** Pass now and then every `everyMs`; idempotent. */
  start(): void
  /** Stop passing; a pass under way ends after its current slice. */
  stop(): Promise<void>
}

export function createAttemptRetention(
  db: Db,
  opts: {
    everyMs?: number
    slice?: number
    onError?: (err: unknown) => void
    onPass?: (deleted: number, ms: number) => void
  } = {},
): AttemptRetention {
  const slice = opts.slice ?? 1_000

  async function pass(): Promise<number> {
    const started = performance.now()
    let deleted = 0
    for (;;) {
      const result = (await db.execute(
        sql`delete from attempts where (user_id, attempt_id) in (
              select user_id, attempt_id from attempts
              where created_at < now() - make_interval(days => ${ATTEMPT_DELETE_AFTER_DAYS})
              order by created_at limit ${slice})`,
      )) as unknown as { rowCount?: number | null; affectedRows?: number }
      const n = Number(result.rowCount ?? result.affectedRows ?? 0)
      deleted += n
      if (n < slice || periodic.stopping) break
      await new Promise((resolve) => setImmediate(resolve))
    }
    opts.onPass?.(deleted, performance.now() - started)
    return deleted
  }

  const periodic = createPeriodic(pass, {
    everyMs: opts.everyMs ?? ATTEMPT_RETENTION_EVERY_MS,
    onError: opts.onError,
  })
  return { pass: periodic.pass, start: periodic.start, stop: periodic.stop }
}
