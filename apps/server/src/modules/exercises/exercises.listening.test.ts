import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CalendarItem, ExercisePayload, NextExercise } from '@che/core'
import { confidenceDots, EASY_MAX_ELAPSED_MS } from '@che/core/scheduler'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { fakeSynthesizer, perfect, seedExample, type SeededExample } from './exercises.fixtures.js'

const T0 = Date.parse('2026-03-02T15:00:00.000Z')
const HOUR = 3_600_000

/** The listening loop's server parts (issue 16): today's progress, Easy, the calendar's dots. */
describe('exercises: the listening loop', () => {
  let t: TestApp
  let admin = ''
  let now = T0

  beforeAll(async () => {
    t = await startTestApp(
      {},
      { clock: () => new Date(now), contentDir: false, synthesizer: fakeSynthesizer() },
    )
    admin = (await t.userWithRole('admin')).token
  })
  afterAll(() => t.close())

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const evaluate = (token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/exercises/evaluate',
      headers: bearer(token),
      payload: body,
    })
  const answer = async (token: string, body: Record<string, unknown>) => {
    const res = await evaluate(token, body)
    expect(res.statusCode, res.body).toBe(200)
    return ExercisePayload.parse(res.json())
  }
  const next = async (token: string) => {
    const res = await get('/api/exercises/next?tz=UTC', token)
    expect(res.statusCode, res.body).toBe(200)
    return NextExercise.parse(res.json())
  }

  describe('GET /api/exercises/next: progress through today', () => {
    let a: SeededExample
    let b: SeededExample

    beforeAll(async () => {
      a = await seedExample(t, admin, { usage: 10 })
      b = await seedExample(t, admin, { usage: 10 })
    })

    it('counts reviews done and left today, and new items apart', async () => {
      const start = now
      try {
        const { token } = await t.userWithRole('learner')
        const first = await next(token)
        expect(first.isNew).toBe(true)
        expect(first.today).toEqual({ reviewsDone: 0, reviewsLeft: 0, newDone: 0, newLimit: 10 })

        // Both started today: two new done, nothing due.
        const pa = await answer(token, { exampleId: a.exampleId, ...perfect(a) })
        const pb = await answer(token, { exampleId: b.exampleId, ...perfect(b) })
        // The next day, once both are due: two reviews left, none done, no new item started.
        now = Math.max(Date.parse(pa.progress.dueDate), Date.parse(pb.progress.dueDate)) + HOUR
        const review = await next(token)
        expect(review.isNew).toBe(false)
        expect(review.today).toMatchObject({ reviewsDone: 0, reviewsLeft: 2, newDone: 0 })

        await answer(token, { exampleId: review.exampleId, ...perfect(a) })
        const second = await next(token)
        expect(second.isNew).toBe(false)
        expect(second.exampleId).not.toBe(review.exampleId)
        expect(second.today).toMatchObject({ reviewsDone: 1, reviewsLeft: 1, newDone: 0 })
      } finally {
        now = start
      }
    })
  })

  describe('POST /api/exercises/evaluate: Easy', () => {
    let ex: SeededExample
    beforeAll(async () => {
      ex = await seedExample(t, admin)
    })

    /** Answer perfectly each time the card falls due, with the given times to answer. */
    async function ratings(elapsed: (number | undefined)[]) {
      const start = now
      try {
        const { token } = await t.userWithRole('learner')
        let last: ReturnType<typeof ExercisePayload.parse> | undefined
        for (const elapsedMs of elapsed) {
          last = await answer(token, {
            exampleId: ex.exampleId,
            ...perfect(ex),
            ...(elapsedMs === undefined ? {} : { elapsedMs }),
          })
          now = Date.parse(last.progress.dueDate) + HOUR
        }
        return last!.progress.history.map((h) => h.rating)
      } finally {
        now = start
      }
    }

    it('rates a fast perfect answer Easy once the card has two clean reviews in a row', async () => {
      expect(await ratings([20_000, 20_000, 20_000])).toEqual(['good', 'good', 'easy'])
    })

    it('keeps Good for a slow answer, one at the threshold + 1 ms, or no time sent', async () => {
      expect(await ratings([20_000, 20_000, EASY_MAX_ELAPSED_MS + 1])).toEqual([
        'good',
        'good',
        'good',
      ])
      expect(await ratings([undefined, undefined, undefined])).toEqual(['good', 'good', 'good'])
      expect(await ratings([1_000, 1_000, EASY_MAX_ELAPSED_MS])).toEqual(['good', 'good', 'easy'])
    })

    it('refuses a negative or fractional time with VALIDATION_FAILED and writes nothing', async () => {
      const { token } = await t.userWithRole('learner')
      for (const elapsedMs of [-1, 1.5, '20000', 86_400_001]) {
        const res = await evaluate(token, { exampleId: ex.exampleId, ...perfect(ex), elapsedMs })
        expect(res.statusCode, String(elapsedMs)).toBe(400)
        expect(res.json().code).toBe('VALIDATION_FAILED')
      }
      expect((await get('/api/exercises', token)).json()).toEqual([])
    })
  })

  describe('GET /api/exercises: the calendar card', () => {
    it('is labelled with the idiom and shows one dot after major errors, three after a clean answer', async () => {
      const known = await seedExample(t, admin, { idiom: 'al toque' })
      const failed = await seedExample(t, admin, { idiom: 'tomarse el palo' })
      const { token } = await t.userWithRole('learner')
      const start = now
      try {
        // Both known well at first; the next day one is answered with major errors.
        await answer(token, { exampleId: known.exampleId, ...perfect(known) })
        const p = await answer(token, { exampleId: failed.exampleId, ...perfect(failed) })
        now = Date.parse(p.progress.dueDate) + HOUR
        const wrong = await answer(token, {
          exampleId: failed.exampleId,
          userTranscription: 'nada que ver con nada',
          userTranslation: 'something else entirely',
        })
        expect(wrong.evaluation.transcriptionAccuracy).toBe('major')
        const res = await get('/api/exercises', token)
        expect(res.statusCode, res.body).toBe(200)
        const items = (res.json() as unknown[]).map((i) => CalendarItem.parse(i))
        const byIdiom = Object.fromEntries(items.map((i) => [i.idiom, i]))
        expect(Object.keys(byIdiom).sort()).toEqual(['al toque', 'tomarse el palo'])
        expect(confidenceDots(byIdiom['tomarse el palo']!.confidence)).toBe(1)
        expect(confidenceDots(byIdiom['al toque']!.confidence)).toBe(3)
      } finally {
        now = start
      }
    })
  })
})
