import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { evaluate } from '@che/core/evaluator'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { createVersionReader } from '../../db/cache-versions.js'
import { createLibraryCache } from '../examples/library.js'
import type { UserRow } from '../users/users.repo.js'
import { fakeSynthesizer, perfect, seedExample, type SeededExample } from './exercises.fixtures.js'
import { createExercisesRepo, type ExercisesRepo } from './exercises.repo.js'
import { createExercisesService } from './exercises.service.js'

const NOW = new Date('2026-04-01T12:00:00.000Z')

describe('ExercisesService', () => {
  let t: TestApp
  let ex: SeededExample
  let user: UserRow
  let token: string
  let repo: ExercisesRepo

  beforeAll(async () => {
    t = await startTestApp(
      {},
      { clock: () => NOW, contentDir: false, synthesizer: fakeSynthesizer() },
    )
    const admin = (await t.userWithRole('admin')).token
    ex = await seedExample(t, admin)
    ;({ user, token } = await t.userWithRole('learner'))
    repo = createExercisesRepo(t.database.db)
  })
  afterAll(() => t.close())

  function service(exercises: ExercisesRepo, evaluator = evaluate) {
    return createExercisesService({
      exercises,
      library: createLibraryCache(t.database.db, createVersionReader(t.database.db)),
      audio: { audioFor: async () => null },
      evaluator,
      settings: { all: async () => ({ dailyNewLimit: '10', reportMinReviews: '20' }) },
      clock: () => NOW,
    })
  }

  describe('evaluate', () => {
    it('leaves nothing half-written when a write inside the transaction fails', async () => {
      // The record and the attempt are written, then saving the scheduled card fails.
      const failing: ExercisesRepo = {
        ...repo,
        transaction: (work) =>
          repo.transaction((tx) =>
            work({
              ...tx,
              async saveReview(...args) {
                await tx.saveReview(...args)
                throw new Error('disk full')
              },
            }),
          ),
      }
      const attemptId = randomUUID()
      await expect(
        service(failing).evaluate(user, { exampleId: ex.exampleId, ...perfect(ex), attemptId }),
      ).rejects.toThrow('disk full')
      expect(await repo.findProgress(user.id, ex.exampleId)).toBeUndefined()
      expect(await repo.findAttempt(user.id, attemptId)).toBeUndefined()

      // The same attempt, retried on a healthy server, is scheduled once.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/exercises/evaluate',
        headers: bearer(token),
        payload: { exampleId: ex.exampleId, ...perfect(ex), attemptId },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().progress.history).toHaveLength(1)
      const saved = (await repo.findProgress(user.id, ex.exampleId))!
      expect(await repo.reviewsOf(saved.id)).toHaveLength(1)
      expect(saved.reviewCount).toBe(1)
    })

    it('evaluates outside the transaction and accepts an asynchronous evaluator', async () => {
      const { user: other } = await t.userWithRole('learner')
      const transaction = vi.spyOn(repo, 'transaction')
      const evaluator = vi.fn(async (...args: Parameters<typeof evaluate>) => {
        expect(transaction).not.toHaveBeenCalled()
        return evaluate(...args)
      })
      const payload = await service(repo, evaluator as unknown as typeof evaluate).evaluate(other, {
        exampleId: ex.exampleId,
        ...perfect(ex),
      })
      expect(evaluator).toHaveBeenCalledWith(
        expect.objectContaining({
          text: ex.text,
          translation: ex.translation,
          idiom: expect.objectContaining({ translation: 'to be in trouble' }),
        }),
        perfect(ex),
      )
      expect(transaction).toHaveBeenCalledTimes(1)
      expect(payload.progress).toMatchObject({
        userId: other.id,
        history: [expect.objectContaining({ rating: 'good' })],
      })
      transaction.mockRestore()
    })
  })
})
