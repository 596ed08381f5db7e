import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Evaluation } from '@che/core'
import {
  countReviews,
  newCard,
  optimizeParameters,
  summariseForNext,
  summariseProgress,
} from '@che/core/scheduler'
import { createTestDatabase, type TestDatabase } from '../../db/test-db.js'
import { examples, idioms, progress, reviewLog, users } from '../../db/schema.js'
import { createExercisesRepo } from './exercises.repo.js'

describe('ExercisesRepo', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())

  describe('reviewsByCard', () => {
    it('gives the FSRS optimizer the learner’s log, one oldest-first list per card', async () => {
      const { db } = database
      const [user] = await db.insert(users).values({ issuer: 'i', subject: 's' }).returning()
      const [other] = await db.insert(users).values({ issuer: 'i', subject: 'o' }).returning()
      const [idiom] = await db
        .insert(idioms)
        .values({ text: 'estar al horno', translation: 't', normalizedText: 'estar al horno' })
        .returning()
      const exampleRows = await db
        .insert(examples)
        .values([
          { idiomId: idiom!.id, text: 'Estoy al horno.', conjugatedSnippet: 'estoy al horno' },
          { idiomId: idiom!.id, text: 'Está al horno.', conjugatedSnippet: 'está al horno' },
        ])
        .returning()
      const records = await db
        .insert(progress)
        .values(
          [user!, user!, other!].map((u, i) => ({
            userId: u.id,
            exampleId: exampleRows[i % 2]!.id,
            idiomId: idiom!.id,
            card: newCard(new Date()),
            dueAt: new Date(),
          })),
        )
        .returning()
      const review = (record: number, day: number, rating: string) => ({
        progressId: records[record]!.id,
        userId: records[record]!.userId,
        // Written out of time order: the log's order is the order of writing.
        reviewedAt: new Date(Date.UTC(2026, 0, day, 12)),
        rating,
        state: 'review',
        elapsedDays: 1,
        scheduledDays: 1,
        stability: 1,
        difficulty: 5,
        evaluation: {} as unknown as Evaluation,
      })
      await db
        .insert(reviewLog)
        .values([
          review(0, 1, 'good'),
          review(1, 2, 'again'),
          review(0, 4, 'hard'),
          review(2, 3, 'good'),
          review(1, 5, 'good'),
          review(0, 9, 'easy'),
        ])

      const cards = await createExercisesRepo(db).reviewsByCard(user!.id)
      expect(cards).toHaveLength(2)
      expect(cards).toEqual(
        expect.arrayContaining([
          [
            { date: '2026-01-01T12:00:00.000Z', rating: 'good' },
            { date: '2026-01-04T12:00:00.000Z', rating: 'hard' },
            { date: '2026-01-09T12:00:00.000Z', rating: 'easy' },
          ],
          [
            { date: '2026-01-02T12:00:00.000Z', rating: 'again' },
            { date: '2026-01-05T12:00:00.000Z', rating: 'good' },
          ],
        ]),
      )
      expect(countReviews(cards)).toBe(5)
      expect(await optimizeParameters(cards)).toMatchObject({
        params: undefined,
        reason: 'too-few-reviews',
        detail: expect.stringContaining('5 reviews'),
      })
    })
  })

  describe('commitReviews', () => {
    // Two instances, one learner's first answers to one card at once: the record is created by
    // the other transaction after this batch's snapshot, so this batch must review it as existing.
    it.skipIf(process.env.CHE_TEST_DB !== 'postgres')(
      'reviews a record created meanwhile by another transaction as the existing record',
      async () => {
        const { db } = database
        const [user] = await db.insert(users).values({ issuer: 'i', subject: 'race' }).returning()
        const [idiom] = await db
          .insert(idioms)
          .values({ text: 'ser un bodrio', translation: 't', normalizedText: 'ser un bodrio' })
          .returning()
        const [example] = await db
          .insert(examples)
          .values({ idiomId: idiom!.id, text: 'Es un bodrio.', conjugatedSnippet: 'es un bodrio' })
          .returning()
        const now = new Date()
        const fresh = {
          userId: user!.id,
          exampleId: example!.id,
          idiomId: idiom!.id,
          card: newCard(now),
          dueAt: now,
          createdAt: now,
          updatedAt: now,
        }
        let release!: () => void
        const held = new Promise<void>((r) => {
          release = r
        })
        let created!: (id: string) => void
        const createdId = new Promise<string>((r) => {
          created = r
        })
        const other = db.transaction(async (tx) => {
          const [row] = await tx.insert(progress).values(fresh).returning()
          created(row!.id)
          await held
        })
        const otherId = await createdId
        const seen: number[] = []
        const committing = createExercisesRepo(db, { batch: true }).commitReviews([
          {
            fresh,
            attemptId: undefined,
            prepare(row) {
              seen.push(row.reviewCount)
              return {
                changes: {
                  card: fresh.card,
                  dueAt: now,
                  missedWords: [],
                  isSandbox: false,
                  updatedAt: now,
                },
                review: {
                  userId: user!.id,
                  reviewedAt: now,
                  rating: 'good',
                  state: 'new',
                  elapsedDays: 0,
                  scheduledDays: 1,
                  stability: 1,
                  difficulty: 5,
                  evaluation: {} as Evaluation,
                },
                perfect: true,
                payload: { id: row.id },
              }
            },
          },
        ])
        // The batch's insert waits on the other transaction's row.
        for (let i = 0; i < 200; i++) {
          const { rows } = (await db.execute(
            sql`select count(*)::int as n from pg_locks where not granted`,
          )) as unknown as { rows: { n: number }[] }
          if (rows[0]!.n > 0) break
          await new Promise((r) => setTimeout(r, 25))
        }
        release()
        await other
        const [outcome] = await committing
        expect(outcome).toEqual({ payload: { id: otherId } })
        const rows = await db.select().from(progress).where(eq(progress.userId, user!.id))
        expect(rows.map((r) => [r.id, r.reviewCount, r.perfectCount])).toEqual([[otherId, 1, 1]])
        const log = await db.select().from(reviewLog).where(eq(reviewLog.userId, user!.id))
        expect(log.map((r) => r.progressId)).toEqual([otherId])
      },
    )
  })

  describe('nextRecords', () => {
    it('finds in the database what /next finds over the records themselves, for several learners at once', async () => {
      const { db } = database
      const [user] = await db.insert(users).values({ issuer: 'i', subject: 'next' }).returning()
      const [other] = await db
        .insert(users)
        .values({ issuer: 'i', subject: 'next-other' })
        .returning()
      const [idiom] = await db
        .insert(idioms)
        .values({
          text: 'tirar la chancleta',
          translation: 't',
          normalizedText: 'tirar la chancleta',
        })
        .returning()
      const exampleRows = await db
        .insert(examples)
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            idiomId: idiom!.id,
            text: `Oración ${i}.`,
            conjugatedSnippet: 'oración',
          })),
        )
        .returning()
      const end = new Date(Date.UTC(2026, 5, 10, 3))
      const since = new Date(end.getTime() - 86_400_000)
      // Due dates on both sides of the end of today and exactly on it, two records due at the
      // same instant (the smaller example id wins), started and answered before and after the
      // learner's midnight.
      const rows = exampleRows.slice(0, 24).map((e, i) => ({
        userId: user!.id,
        exampleId: e.id,
        idiomId: idiom!.id,
        card: newCard(end),
        dueAt: new Date(end.getTime() + (i - 12) * 3_600_000 + (i < 3 ? -100 * 3_600_000 : 0)),
        createdAt: new Date(since.getTime() + (i - 16) * 3_600_000),
        updatedAt: new Date(since.getTime() + (i - 8) * 3_600_000),
      }))
      rows[1]!.dueAt = rows[0]!.dueAt
      await db.insert(progress).values(rows)
      // The other learner has records not due today only, on other examples but one.
      const later = [0, 25, 26].map((n) => ({
        userId: other!.id,
        exampleId: exampleRows[n]!.id,
        idiomId: idiom!.id,
        card: newCard(end),
        dueAt: new Date(end.getTime() + (n + 1) * 60_000),
        createdAt: since,
        updatedAt: since,
      }))
      await db.insert(progress).values(later)

      const unseen = exampleRows[29]!.id
      const asked = [
        { userId: user!.id, since, endOfToday: end, forced: exampleRows[5]!.id },
        { userId: other!.id, since, endOfToday: end, forced: unseen },
        { userId: other!.id, since, endOfToday: end },
        { userId: '00000000-0000-4000-8000-00000000dead', since, endOfToday: end },
      ]
      const expected = (records: typeof rows, forced?: string) => {
        const summary = summariseForNext(
          records.map((r) => ({ exampleId: r.exampleId, dueDate: r.dueAt.toISOString() })),
          end.getTime(),
        )
        const ids = records.map((r) => r.exampleId)
        return {
          dueLongest: summary.dueLongest,
          nextDue: summary.nextDue,
          forcedSeen: forced === undefined ? false : ids.includes(forced),
          // Every example met, when nothing is due (a new one is then chosen).
          seen: summary.dueLongest === null ? ids.sort() : [],
          newToday: records.filter((r) => r.createdAt >= since).length,
          reviewedToday: records.filter((r) => r.createdAt < since && r.updatedAt >= since).length,
          dueToday: records.filter((r) => r.dueAt < end).length,
        }
      }
      const found = (
        r: Awaited<ReturnType<ReturnType<typeof createExercisesRepo>['nextRecords']>>,
        forced?: string,
      ) => {
        const seen = r.summary.seen as Set<string>
        return {
          dueLongest: r.summary.dueLongest,
          nextDue: r.summary.nextDue,
          forcedSeen: forced === undefined ? false : seen.has(forced),
          seen: r.summary.dueLongest === null ? [...seen].sort() : [],
          newToday: r.newToday,
          reviewedToday: r.reviewedToday,
          dueToday: r.dueToday,
        }
      }
      const wanted = [
        expected(rows, asked[0]!.forced),
        expected(later, unseen),
        expected(later),
        expected([]),
      ]
      // The two records due longest share their due date: the smaller example id is chosen.
      expect(wanted[0]!.dueLongest).toBe([rows[0]!.exampleId, rows[1]!.exampleId].sort()[0])
      expect(wanted[0]!.forcedSeen).toBe(true)
      expect(wanted[1]!.seen).toHaveLength(3)
      // Due exactly at the end of today is not due today (i = 12).
      expect(wanted[0]!.dueToday).toBe(12)

      // One at a time, and (batched) together in one statement.
      const plain = createExercisesRepo(db)
      for (const [i, a] of asked.entries())
        expect(found(await plain.nextRecords(a), a.forced)).toEqual(wanted[i])
      const batched = createExercisesRepo(db, { batch: true })
      const together = await Promise.all(asked.map((a) => batched.nextRecords(a)))
      expect(together.map((r, i) => found(r, asked[i]!.forced))).toEqual(wanted)
    })
  })

  describe('statsSummary', () => {
    it('counts in the database exactly what the stats count over the records themselves', async () => {
      const { db } = database
      const [user] = await db.insert(users).values({ issuer: 'i', subject: 'stats' }).returning()
      const [other] = await db
        .insert(users)
        .values({ issuer: 'i', subject: 'stats-other' })
        .returning()
      const [idiom] = await db
        .insert(idioms)
        .values({ text: 'estar en pedo', translation: 't', normalizedText: 'estar en pedo' })
        .returning()
      const exampleRows = await db
        .insert(examples)
        .values(
          Array.from({ length: 40 }, (_, i) => ({
            idiomId: idiom!.id,
            text: `Frase ${i}.`,
            conjugatedSnippet: 'frase',
          })),
        )
        .returning()
      const end = new Date(Date.UTC(2026, 5, 10, 3))
      const since = new Date(end.getTime() - 86_400_000)
      // Due dates on both sides of the end of today and exactly on it; missed words on some,
      // with repeats and case variants; created before and after the learner's midnight.
      const rows = exampleRows.map((e, i) => ({
        userId: user!.id,
        exampleId: e.id,
        idiomId: idiom!.id,
        card: newCard(end),
        dueAt: new Date(end.getTime() + (i - 20) * 3_600_000 + ((i % 3) - 2) * 7),
        missedWords: i % 4 === 0 ? ['laburo', i % 8 ? 'Laburo' : 'bondi'] : [],
        isSandbox: i % 4 === 0,
        reviewCount: i % 5,
        perfectCount: i % 3 ? i % 2 : 0,
        createdAt: new Date(since.getTime() + (i - 10) * 3_600_000),
      }))
      await db.insert(progress).values(rows)
      // Another learner's records count for nobody else.
      await db.insert(progress).values({ ...rows[0]!, userId: other!.id })

      const counted = await createExercisesRepo(db).statsSummary(user!.id, end, since)
      expect(counted.summary).toEqual(
        summariseProgress(
          rows.map((r) => ({
            dueDate: r.dueAt.toISOString(),
            missedWords: r.missedWords,
            isSandbox: r.isSandbox,
          })),
          end.getTime(),
        ),
      )
      // Due exactly at the end of today is not due today (i = 20).
      expect(counted.summary.numPastDue).toBe(20)
      expect(counted.newToday).toBe(rows.filter((r) => r.createdAt >= since).length)
      expect(counted.reviews).toEqual({
        count: rows.reduce((n, r) => n + r.reviewCount, 0),
        perfect: rows.reduce((n, r) => n + r.perfectCount, 0),
      })
      expect(counted.seen.sort()).toEqual(exampleRows.map((e) => e.id).sort())

      const nobody = await createExercisesRepo(db).statsSummary(
        '00000000-0000-4000-8000-00000000dead',
        end,
        since,
      )
      expect(nobody).toEqual({
        summary: summariseProgress([], end.getTime()),
        newToday: 0,
        reviews: { count: 0, perfect: 0 },
        seen: [],
      })
    })
  })
})
