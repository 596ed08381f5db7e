import { randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstRow } from '../../db/client.js'
import { attempts, progress, reviewLog } from '../../db/schema.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { fakeSynthesizer, perfect, seedExample, type SeededExample } from './exercises.fixtures.js'

/**
 * Many learners answering at once (docs/decisions/045): their reviews are written by one
 * transaction per batch (group commit), on PGlite and, since session 7, on PostgreSQL. Every
 * learner must end with exactly what the same answers given one after the other leave.
 */

const NOW = new Date('2026-05-04T10:00:00.000Z')
const LEARNERS = 12

interface Answer {
  exampleId: string
  userTranscription: string
  userTranslation: string
  attemptId: string
}

describe('concurrent evaluations (group commit)', () => {
  let t: TestApp
  const ex: SeededExample[] = []

  beforeAll(async () => {
    t = await startTestApp(
      {},
      { clock: () => NOW, contentDir: false, synthesizer: fakeSynthesizer() },
    )
    const admin = (await t.userWithRole('admin')).token
    for (let i = 0; i < 3; i++) ex.push(await seedExample(t, admin))
  })
  afterAll(() => t.close())

  const evaluate = (token: string, body: Answer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/exercises/evaluate',
      headers: bearer(token),
      payload: body,
    })

  /** Learner i's answers, round by round: two examples, one answered twice, right and partly wrong. */
  function script(i: number): Omit<Answer, 'attemptId'>[] {
    const a = ex[i % 3]!
    const b = ex[(i + 1) % 3]!
    const partly = (e: SeededExample) => ({
      exampleId: e.exampleId,
      userTranscription: e.text.split(' ').slice(0, -2).join(' '),
      userTranslation: e.translation,
    })
    return [
      { exampleId: a.exampleId, ...perfect(a) },
      i % 2 ? partly(b) : { exampleId: b.exampleId, ...perfect(b) },
      partly(a),
    ]
  }

  /** Everything stored for a learner, with the ids that differ between learners taken out. */
  async function stateOf(userId: string) {
    const db = t.database.db
    const records = await db
      .select()
      .from(progress)
      .where(eq(progress.userId, userId))
      .orderBy(asc(progress.exampleId))
    const reviews = await db
      .select({ review: reviewLog, exampleId: progress.exampleId })
      .from(reviewLog)
      .innerJoin(progress, eq(progress.id, reviewLog.progressId))
      .where(eq(reviewLog.userId, userId))
      .orderBy(asc(progress.exampleId), asc(reviewLog.id))
    const stored = await db
      .select({ payload: attempts.payload })
      .from(attempts)
      .where(eq(attempts.userId, userId))
    return {
      records: records.map(({ id: _id, userId: _u, ...rest }) => rest),
      reviews: reviews.map(
        ({ review: { id: _id, progressId: _p, userId: _u, ...rest }, exampleId }) => ({
          exampleId,
          ...rest,
        }),
      ),
      attempts: stored.map((s) => normalise(s.payload)).sort((x, y) => x.localeCompare(y)),
    }
  }

  /** A payload as JSON (keys sorted) with the learner's and the record's ids blanked. */
  function normalise(payload: unknown): string {
    const p = structuredClone(payload) as { progress: { progressId: string; userId: string } }
    p.progress.progressId = '-'
    p.progress.userId = '-'
    const sorted = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sorted)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([k, x]) => [k, sorted(x)]),
            )
          : v
    return JSON.stringify(sorted(p))
  }

  /** Transactions the database has committed so far (PGlite counts each lone statement as one). */
  async function commits(): Promise<number> {
    const db = t.database.db
    await db.execute(sql`select pg_stat_force_next_flush()`)
    await db.execute(sql`select pg_stat_clear_snapshot()`)
    const row = await firstRow<{ n: number }>(
      db,
      sql`select xact_commit::int as n from pg_stat_database where datname = current_database()`,
    )
    return row!.n
  }

  it('leaves every learner exactly what the same answers one at a time leave', async () => {
    const serial = await Promise.all(
      Array.from({ length: LEARNERS }, () => t.userWithRole('learner')),
    )
    const together = await Promise.all(
      Array.from({ length: LEARNERS }, () => t.userWithRole('learner')),
    )
    const serialReplies: string[][] = serial.map(() => [])
    const beforeSerial = await commits()
    for (let i = 0; i < LEARNERS; i++)
      for (const answer of script(i)) {
        const res = await evaluate(serial[i]!.token, { ...answer, attemptId: randomUUID() })
        expect(res.statusCode, res.body).toBe(200)
        serialReplies[i]!.push(normalise(res.json()))
      }

    const serialUsed = (await commits()) - beforeSerial
    const before = await commits()
    const togetherReplies: string[][] = together.map(() => [])
    for (let round = 0; round < 3; round++) {
      const replies = await Promise.all(
        together.map((l, i) =>
          evaluate(l.token, { ...script(i)[round]!, attemptId: randomUUID() }),
        ),
      )
      replies.forEach((res, i) => {
        expect(res.statusCode, res.body).toBe(200)
        togetherReplies[i]!.push(normalise(res.json()))
      })
    }
    const used = (await commits()) - before

    expect(togetherReplies).toEqual(serialReplies)
    for (let i = 0; i < LEARNERS; i++) {
      const mine = await stateOf(together[i]!.user.id)
      expect(mine).toEqual(await stateOf(serial[i]!.user.id))
      expect(mine.reviews).toHaveLength(3)
      expect(mine.attempts).toHaveLength(3)
    }
    // On PGlite the 36 reviews took far fewer transactions than the same 36 answers one by one
    // (each: versions, attempt read, review transaction...): they were committed in groups. The
    // bound was "< 36" while every call waited a turn; since a call with no company runs at once
    // (decision 045, session 6), the first answer of each round runs alone before the other 11
    // are seen (≈ 4 transactions, as PGlite counts each lone statement), so the bound is now
    // taken from the serial run of this test: 39 against 160 when written. Session 7 (reviews
    // batched on PostgreSQL too) left it at 39–42 on PGlite (it varies with timing), so the
    // bound stays. On PostgreSQL the count depends on how the
    // driver's replies interleave (62–89 against 160–172 seen, 90 before batching), too loose
    // for a bound that could fail only for the right reason.
    if (t.database.kind === 'pglite') expect(used).toBeLessThan(serialUsed / 3)
  })

  it('answers a repeated attempt id inside one burst from the first, and schedules it once', async () => {
    const others = await Promise.all(Array.from({ length: 6 }, () => t.userWithRole('learner')))
    const learner = await t.userWithRole('learner')
    const answer = { exampleId: ex[0]!.exampleId, ...perfect(ex[0]!), attemptId: randomUUID() }
    const elsewhere = {
      exampleId: ex[1]!.exampleId,
      ...perfect(ex[1]!),
      attemptId: answer.attemptId,
    }
    const [first, again, third, otherExample, ...rest] = await Promise.all([
      evaluate(learner.token, answer),
      evaluate(learner.token, answer),
      evaluate(learner.token, answer),
      evaluate(learner.token, elsewhere),
      ...others.map((o) => evaluate(o.token, { ...answer, attemptId: randomUUID() })),
    ])
    expect(first!.statusCode, first!.body).toBe(200)
    expect(again!.json()).toEqual(first!.json())
    expect(third!.json()).toEqual(first!.json())
    // The same id for another example is refused, as one request after the other would be.
    expect(otherExample!.statusCode).toBe(409)
    for (const r of rest) expect(r.statusCode, r.body).toBe(200)
    const state = await stateOf(learner.user.id)
    expect(state.records).toHaveLength(1)
    expect(state.records[0]!.reviewCount).toBe(1)
    expect(state.reviews).toHaveLength(1)
    expect(state.attempts).toEqual([normalise(first!.json())])
  })

  it('fails only the answer the database refuses; the others in its burst are saved', async () => {
    const learners = await Promise.all(Array.from({ length: 8 }, () => t.userWithRole('learner')))
    const refused = learners[3]!
    // A constraint that refuses this one learner's review, as a full disk or a broken row would.
    await t.database.db.execute(
      sql.raw(
        `alter table review_log add constraint batch_test_refuse check (user_id <> '${refused.user.id}')`,
      ),
    )
    try {
      const replies = await Promise.all(
        learners.map((l) =>
          evaluate(l.token, {
            exampleId: ex[2]!.exampleId,
            ...perfect(ex[2]!),
            attemptId: randomUUID(),
          }),
        ),
      )
      replies.forEach((res, i) => {
        if (i === 3) expect(res.statusCode).toBeGreaterThanOrEqual(500)
        else expect(res.statusCode, res.body).toBe(200)
      })
    } finally {
      await t.database.db.execute(
        sql.raw('alter table review_log drop constraint batch_test_refuse'),
      )
    }
    // Nothing of the refused answer is left: no record, no attempt.
    expect(await stateOf(refused.user.id)).toEqual({ records: [], reviews: [], attempts: [] })
    for (const l of learners.filter((l) => l !== refused)) {
      const state = await stateOf(l.user.id)
      expect(state.records).toHaveLength(1)
      expect(state.reviews).toHaveLength(1)
      expect(state.attempts).toHaveLength(1)
    }
  })

  it('serialises answers to one card sent at once, as if sent one after the other', async () => {
    const [learner, serial, ...others] = await Promise.all(
      Array.from({ length: 6 }, () => t.userWithRole('learner')),
    )
    const answer = () => ({
      exampleId: ex[1]!.exampleId,
      ...perfect(ex[1]!),
      attemptId: randomUUID(),
    })
    const replies = await Promise.all([
      ...Array.from({ length: 4 }, () => evaluate(learner!.token, answer())),
      ...others.map((o) => evaluate(o.token, answer())),
    ])
    for (const r of replies) expect(r.statusCode, r.body).toBe(200)
    // Each of the four saw the ones before it: histories of 1, 2, 3 and 4 reviews.
    const lengths = replies
      .slice(0, 4)
      .map((r) => (r.json() as { progress: { history: unknown[] } }).progress.history.length)
    expect(lengths.sort()).toEqual([1, 2, 3, 4])
    for (let i = 0; i < 4; i++) {
      const res = await evaluate(serial!.token, answer())
      expect(res.statusCode, res.body).toBe(200)
    }
    const mine = await stateOf(learner!.user.id)
    expect(mine.records[0]!.reviewCount).toBe(4)
    expect(mine.reviews).toHaveLength(4)
    expect(mine).toEqual(await stateOf(serial!.user.id))
  })
})
