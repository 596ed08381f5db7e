import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Evaluation } from '@che/core'
import { countReviews, newCard, optimizeParameters } from '@che/core/scheduler'
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
})
