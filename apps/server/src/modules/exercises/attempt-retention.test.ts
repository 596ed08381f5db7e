import { ATTEMPT_DELETE_AFTER_DAYS } from '@che/core'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../db/test-db.js'
import { createAttemptRetention } from './attempt-retention.js'

describe('stored answers are deleted once older than the retention (both databases)', () => {
  let database: TestDatabase
  beforeEach(async () => {
    database = await createTestDatabase()
  })
  afterEach(async () => {
    await database.drop()
  })

  const count = async () =>
    Number(
      (
        (await database.db.execute(sql`select count(*)::int as n from attempts`)) as unknown as {
          rows: { n: number }[]
        }
      ).rows[0]!.n,
    )
  /** `n` stored answers of a new learner, stored `daysAgo` days ago. */
  const stored = async (n: number, daysAgo: number) => {
    await database.db.execute(
      sql`with u as (insert into users (issuer, subject) values ('test', gen_random_uuid()::text) returning id)
          insert into attempts (user_id, attempt_id, payload, created_at)
          select u.id, gen_random_uuid(), '{"exampleId": "x"}'::jsonb,
                 now() - make_interval(days => ${daysAgo})
          from u, generate_series(1, ${n})`,
    )
  }

  it('deletes the old ones in slices, oldest first, and keeps the rest', async () => {
    await stored(7, ATTEMPT_DELETE_AFTER_DAYS + 30)
    await stored(2, ATTEMPT_DELETE_AFTER_DAYS + 1)
    await stored(4, ATTEMPT_DELETE_AFTER_DAYS - 1)
    await stored(3, 0)
    const passes: number[] = []
    const retention = createAttemptRetention(database.db, {
      slice: 3, // several slices in one pass
      onPass: (deleted) => passes.push(deleted),
    })
    expect(await retention.pass()).toBe(9)
    expect(await count()).toBe(7)
    // Nothing left to delete: a second pass deletes nothing.
    expect(await retention.pass()).toBe(0)
    expect(passes).toEqual([9, 0])
  })

  it('passes at once when started, and stop() waits for the pass under way', async () => {
    await stored(5, ATTEMPT_DELETE_AFTER_DAYS + 3)
    const retention = createAttemptRetention(database.db, { everyMs: 60_000 })
    retention.start()
    retention.start() // idempotent
    await retention.stop()
    expect(await count()).toBe(0)
  })
})
