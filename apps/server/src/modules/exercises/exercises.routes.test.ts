import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ATTEMPT_RETENTION_DAYS,
  CalendarItem,
  Example,
  ExercisePayload,
  ScheduleStats,
} from '@che/core'
import { progress } from '../../db/schema.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { fakeSynthesizer, perfect, seedExample, type SeededExample } from './exercises.fixtures.js'

const DAY = 86_400_000
const T0 = Date.parse('2026-03-02T15:00:00.000Z')

/** One app per describe block, with a clock the tests move. */
function setup() {
  const ctx = {
    t: undefined as unknown as TestApp,
    admin: '',
    now: T0,
    synth: fakeSynthesizer(),
  }
  beforeAll(async () => {
    ctx.t = await startTestApp(
      {},
      { clock: () => new Date(ctx.now), contentDir: false, synthesizer: ctx.synth },
    )
    ctx.admin = (await ctx.t.userWithRole('admin')).token
  })
  afterAll(() => ctx.t.close())
  return ctx
}

function helpers(ctx: ReturnType<typeof setup>) {
  const get = (url: string, token?: string) =>
    ctx.t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })
  const post = (url: string, token: string | undefined, payload: unknown) =>
    ctx.t.app.inject({
      method: 'POST',
      url,
      headers: token ? bearer(token) : {},
      payload: payload as object,
    })
  const evaluate = (token: string, body: Record<string, unknown>) =>
    post('/api/exercises/evaluate', token, body)
  const learner = async () => ctx.t.userWithRole('learner')
  async function setSettings(changes: Record<string, string>) {
    const current = (await get('/api/settings', ctx.admin)).json().settings as Record<
      string,
      string
    >
    const res = await post('/api/settings', ctx.admin, { settings: { ...current, ...changes } })
    expect(res.statusCode, res.body).toBe(200)
  }
  const wrong = {
    userTranscription: 'nada que ver con nada',
    userTranslation: 'something else entirely',
  }
  return { get, post, evaluate, learner, setSettings, wrong }
}

describe('exercises', () => {
  describe('GET /api/exercises/next', () => {
    const ctx = setup()
    const h = helpers(ctx)
    let common: SeededExample
    let street: SeededExample
    let rare: SeededExample

    beforeAll(async () => {
      common = await seedExample(ctx.t, ctx.admin, { tone: 'Casual', usage: 10 })
      street = await seedExample(ctx.t, ctx.admin, {
        tone: 'Street',
        usage: 6,
        idiom: 'estar en pedo',
        text: 'No le hagas caso, está en pedo.',
        snippet: 'está en pedo',
        translation: "Don't listen to him, he's drunk.",
      })
      rare = await seedExample(ctx.t, ctx.admin, { tone: 'Casual', usage: 2 })
    })

    it('serves a new example first, marked isNew, with synthesised speech behind a signed URL', async () => {
      const { token } = await h.learner()
      const res = await h.get('/api/exercises/next', token)
      expect(res.statusCode, res.body).toBe(200)
      const body = Example.parse(res.json())
      expect(res.json()).toEqual({
        exampleId: common.exampleId,
        idiomId: common.idiomId,
        text: common.text,
        conjugatedSnippet: 'estoy al horno',
        translation: common.translation,
        source: '',
        isNew: true,
        audio: {
          url: expect.stringMatching(
            new RegExp(
              `^/api/audio/tts/${common.exampleId}-[0-9a-f]{12}-synthetic-[0-9a-f]{8}\\.wav\\?exp=\\d+&sig=[\\w-]+$`,
            ),
          ),
          voice: 'fake-tts',
          kind: 'synthetic',
        },
        idiom: {
          text: expect.any(String),
          translation: 'to be in trouble',
          tone: 'Casual',
          usage: 10,
        },
        today: { reviewsDone: 0, reviewsLeft: 0, newDone: 0, newLimit: 10 },
        // What the server grades with, for a page that loses its connection (decision 056).
        reference: {
          text: common.text,
          conjugatedSnippet: 'estoy al horno',
          translation: common.translation,
          idiom: { text: expect.any(String), translation: 'to be in trouble' },
        },
      })
      expect(body.isNew).toBe(true)
    })

    it('filters new examples by the query, by the learner preference, and by both merged', async () => {
      const { token } = await h.learner()
      expect((await h.get('/api/exercises/next?tone=Street', token)).json().exampleId).toBe(
        street.exampleId,
      )
      expect((await h.get('/api/exercises/next?usage=super_rare', token)).json().exampleId).toBe(
        rare.exampleId,
      )

      const prefs = await h.post('/api/users/preferences', token, {
        preferences: { filter: { tone: 'Street' } },
      })
      expect(prefs.statusCode, prefs.body).toBe(200)
      expect((await h.get('/api/exercises/next', token)).json().exampleId).toBe(street.exampleId)
      // The query's usage is merged into the stored tone: Street and super common matches nothing.
      const none = await h.get('/api/exercises/next?usage=super_common', token)
      expect(none.statusCode).toBe(503)
      // An explicit query tone replaces the stored one for this call.
      expect((await h.get('/api/exercises/next?tone=Casual&usage=common', token)).statusCode).toBe(
        503,
      )
      expect((await h.get('/api/exercises/next?tone=Casual', token)).json().exampleId).toBe(
        common.exampleId,
      )
    })

    it('answers 503 SERVICE_UNAVAILABLE when nothing is due and nothing new matches', async () => {
      const { token } = await h.learner()
      const res = await h.get('/api/exercises/next?tone=Official', token)
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'No due idioms available. Please try again later.',
      })
    })

    it('serves due items before new ones, the longest due first', async () => {
      const { token } = await h.learner()
      const start = ctx.now
      try {
        // Two wrong answers an hour apart: both come back the next day, the first one first.
        expect(
          (await h.evaluate(token, { exampleId: rare.exampleId, ...h.wrong })).statusCode,
        ).toBe(200)
        ctx.now += 3_600_000
        expect(
          (await h.evaluate(token, { exampleId: street.exampleId, ...h.wrong })).statusCode,
        ).toBe(200)
        ctx.now = start + 3 * DAY
        const first = (await h.get('/api/exercises/next', token)).json()
        expect(first).toMatchObject({ exampleId: rare.exampleId, isNew: false })
        expect(
          (await h.evaluate(token, { exampleId: rare.exampleId, ...perfect(rare) })).statusCode,
        ).toBe(200)
        const second = (await h.get('/api/exercises/next', token)).json()
        expect(second).toMatchObject({ exampleId: street.exampleId, isNew: false })
        expect(
          (await h.evaluate(token, { exampleId: street.exampleId, ...perfect(street) })).statusCode,
        ).toBe(200)
        // Nothing due any more: the unseen, most common example.
        expect((await h.get('/api/exercises/next', token)).json()).toMatchObject({
          exampleId: common.exampleId,
          isNew: true,
        })
      } finally {
        ctx.now = start
      }
    })

    it('introduces at most dailyNewLimit new examples per local day', async () => {
      const start = ctx.now
      await h.setSettings({ dailyNewLimit: '2' })
      try {
        // 02:00 UTC is 23:00 the day before in Buenos Aires (UTC−3).
        ctx.now = Date.parse('2026-03-10T02:00:00.000Z')
        const { token } = await h.learner()
        for (const e of [common, street]) {
          expect(
            (await h.evaluate(token, { exampleId: e.exampleId, ...perfect(e) })).statusCode,
          ).toBe(200)
        }
        ctx.now = Date.parse('2026-03-10T04:00:00.000Z')
        expect((await h.get('/api/exercises/next', token)).statusCode).toBe(503)
        expect((await h.get('/api/exercises/next?tz=UTC', token)).statusCode).toBe(503)
        // In Buenos Aires it is 01:00 on a new day: the two were started yesterday.
        const ba = await h.get(
          `/api/exercises/next?tz=${encodeURIComponent('America/Argentina/Buenos_Aires')}`,
          token,
        )
        expect(ba.statusCode, ba.body).toBe(200)
        expect(ba.json()).toMatchObject({ exampleId: rare.exampleId, isNew: true })
        // The next UTC day, the limit has reset everywhere.
        ctx.now = Date.parse('2026-03-11T00:30:00.000Z')
        expect((await h.get('/api/exercises/next', token)).json()).toMatchObject({
          exampleId: rare.exampleId,
          isNew: true,
        })
      } finally {
        await h.setSettings({ dailyNewLimit: '10' })
        ctx.now = start
      }
    })

    it('serves an admin the example named by getNextExample, every time until it is cleared', async () => {
      const { token } = await ctx.t.userWithRole('admin')
      const set = await h.post('/api/users/preferences', token, {
        preferences: { getNextExample: rare.exampleId },
      })
      expect(set.statusCode, set.body).toBe(200)
      expect((await h.get('/api/exercises/next', token)).json()).toMatchObject({
        exampleId: rare.exampleId,
        isNew: true,
      })
      expect(
        (await h.evaluate(token, { exampleId: rare.exampleId, ...perfect(rare) })).statusCode,
      ).toBe(200)
      // Still forced, though it is no longer due and no longer new.
      expect((await h.get('/api/exercises/next', token)).json()).toMatchObject({
        exampleId: rare.exampleId,
        isNew: false,
      })
      await h.post('/api/users/preferences', token, { preferences: { getNextExample: '' } })
      expect((await h.get('/api/exercises/next', token)).json().exampleId).toBe(common.exampleId)
    })

    it('ignores a getNextExample that names no example', async () => {
      const { token } = await ctx.t.userWithRole('admin')
      await h.post('/api/users/preferences', token, {
        preferences: { getNextExample: randomUUID() },
      })
      expect((await h.get('/api/exercises/next', token)).json().exampleId).toBe(common.exampleId)
    })

    it('refuses bad filters with VALIDATION_FAILED and anonymous callers with UNAUTHENTICATED', async () => {
      const { token } = await h.learner()
      for (const q of ['usage=sometimes', 'tone=Rude', `tz=${'x'.repeat(80)}`]) {
        const res = await h.get(`/api/exercises/next?${q}`, token)
        expect(res.statusCode).toBe(400)
        expect(res.json().code).toBe('VALIDATION_FAILED')
      }
      expect((await h.get('/api/exercises/next')).statusCode).toBe(401)
    })

    it('treats an unknown time zone as UTC', async () => {
      const { token } = await h.learner()
      expect((await h.get('/api/exercises/next?tz=Mars/Olympus', token)).statusCode).toBe(200)
    })
  })

  describe('POST /api/exercises/evaluate', () => {
    const ctx = setup()
    const h = helpers(ctx)
    let ex: SeededExample
    let other: SeededExample

    beforeAll(async () => {
      ex = await seedExample(ctx.t, ctx.admin)
      other = await seedExample(ctx.t, ctx.admin, { usage: 5 })
    })

    it('grades the answer and writes a scheduled progress record for the caller', async () => {
      const { user, token } = await h.learner()
      const res = await h.evaluate(token, { exampleId: ex.exampleId, ...perfect(ex) })
      expect(res.statusCode, res.body).toBe(200)
      const body = ExercisePayload.parse(res.json())
      expect(res.json()).toEqual({
        exampleId: ex.exampleId,
        evaluation: expect.objectContaining({
          transcriptionAccuracy: 'perfect',
          translationAccuracy: 'perfect',
          missedWords: [],
        }),
        progress: {
          progressId: expect.any(String),
          userId: user.id,
          idiomId: ex.idiomId,
          exampleId: ex.exampleId,
          dueDate: expect.any(String),
          tone: 'Casual',
          usage: 8,
          history: [
            expect.objectContaining({
              date: new Date(ctx.now).toISOString(),
              rating: 'good',
              state: 'new',
            }),
          ],
          missedWords: [],
          isSandbox: false,
          sandbox: 'candle',
          evaluation: body.evaluation,
          createdAt: new Date(ctx.now).toISOString(),
        },
      })
      expect(Date.parse(body.progress.dueDate)).toBeGreaterThanOrEqual(ctx.now + DAY)
    })

    it('appends each review to the history and moves the due date with the server clock', async () => {
      const { token } = await h.learner()
      const first = ExercisePayload.parse(
        (await h.evaluate(token, { exampleId: ex.exampleId, ...perfect(ex) })).json(),
      )
      const start = ctx.now
      ctx.now = Date.parse(first.progress.dueDate) + 3_600_000
      try {
        const res = await h.evaluate(token, { exampleId: ex.exampleId, ...h.wrong })
        const second = ExercisePayload.parse(res.json())
        expect(second.progress.progressId).toBe(first.progress.progressId)
        expect(second.progress.history.map((e) => e.rating)).toEqual(['good', 'again'])
        expect(second.progress.missedWords.length).toBeGreaterThan(0)
        expect(second.progress.isSandbox).toBe(true)
        expect(Date.parse(second.progress.dueDate)).toBeGreaterThan(ctx.now)
      } finally {
        ctx.now = start
      }
    })

    it('schedules a double submit once: the same attemptId returns the stored payload', async () => {
      const { token } = await h.learner()
      const attemptId = randomUUID()
      const body = { exampleId: ex.exampleId, ...perfect(ex), attemptId }
      const [a, b] = await Promise.all([h.evaluate(token, body), h.evaluate(token, body)])
      expect(a.statusCode, a.body).toBe(200)
      expect(b.statusCode, b.body).toBe(200)
      expect(b.json()).toEqual(a.json())
      const again = await h.evaluate(token, { ...body, userTranscription: 'otra cosa' })
      expect(again.json()).toEqual(a.json())
      expect(a.json().progress.history).toHaveLength(1)
      const calendar = (await h.get('/api/exercises', token)).json() as unknown[]
      expect(calendar).toHaveLength(1)
      // A new attempt id is a new review.
      const next = await h.evaluate(token, { ...body, attemptId: randomUUID() })
      expect(next.json().progress.history).toHaveLength(2)
    })

    it('schedules offline answers synced later at their answer times, in order, once each', async () => {
      const { token } = await h.learner()
      const start = ctx.now
      const answeredFirst = new Date(start - 3 * 3_600_000).toISOString()
      const answeredSecond = new Date(start - 2 * 3_600_000).toISOString()
      const firstBody = {
        exampleId: other.exampleId,
        ...perfect(other),
        attemptId: randomUUID(),
        answeredAt: answeredFirst,
      }
      const firstRaw: unknown = (await h.evaluate(token, firstBody)).json()
      const first = ExercisePayload.parse(firstRaw)
      expect(first.progress.history.map((e) => e.date)).toEqual([answeredFirst])
      const second = ExercisePayload.parse(
        (
          await h.evaluate(token, {
            exampleId: other.exampleId,
            ...h.wrong,
            attemptId: randomUUID(),
            answeredAt: answeredSecond,
          })
        ).json(),
      )
      expect(second.progress.history.map((e) => [e.date, e.rating])).toEqual([
        [answeredFirst, 'good'],
        [answeredSecond, 'again'],
      ])
      // The queue sent again (the connection dropped before the answer came back): nothing moves.
      const replay = await h.evaluate(token, firstBody)
      expect(replay.json()).toEqual(firstRaw)
      const calendar = (await h.get('/api/exercises', token)).json() as { dueDate: string }[]
      expect(calendar).toEqual([expect.objectContaining({ dueDate: second.progress.dueDate })])
    })

    it('keeps an answer time within the last 14 days and never in the future', async () => {
      const { token } = await h.learner()
      const future = ExercisePayload.parse(
        (
          await h.evaluate(token, {
            exampleId: ex.exampleId,
            ...perfect(ex),
            answeredAt: new Date(ctx.now + 5 * DAY).toISOString(),
          })
        ).json(),
      )
      expect(future.progress.history[0]?.date).toBe(new Date(ctx.now).toISOString())
      const { token: other2 } = await h.learner()
      const ancient = ExercisePayload.parse(
        (
          await h.evaluate(other2, {
            exampleId: ex.exampleId,
            ...perfect(ex),
            answeredAt: new Date(ctx.now - 60 * DAY).toISOString(),
          })
        ).json(),
      )
      expect(ancient.progress.history[0]?.date).toBe(new Date(ctx.now - 14 * DAY).toISOString())
      const bad = await h.evaluate(token, {
        exampleId: ex.exampleId,
        ...perfect(ex),
        answeredAt: 'yesterday',
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().code).toBe('VALIDATION_FAILED')
    })

    it('refuses an answer older than stored answers are kept, and counts nothing (decision 063)', async () => {
      const { token } = await h.learner()
      const answeredAt = new Date(ctx.now - (ATTEMPT_RETENTION_DAYS + 1) * DAY).toISOString()
      const res = await h.evaluate(token, {
        exampleId: ex.exampleId,
        ...perfect(ex),
        attemptId: randomUUID(),
        answeredAt,
      })
      expect(res.statusCode, res.body).toBe(409)
      expect(res.json()).toMatchObject({
        code: 'CONFLICT',
        message: `This answer was given more than ${ATTEMPT_RETENTION_DAYS} days ago, so it was not counted`,
      })
      expect((await h.get('/api/exercises', token)).json()).toEqual([])
      // One day younger is still counted (scheduled 14 days back, as any old offline answer).
      const kept = await h.evaluate(token, {
        exampleId: ex.exampleId,
        ...perfect(ex),
        attemptId: randomUUID(),
        answeredAt: new Date(ctx.now - (ATTEMPT_RETENTION_DAYS - 1) * DAY).toISOString(),
      })
      expect(kept.statusCode, kept.body).toBe(200)
    })

    it('refuses an attemptId reused for another example with CONFLICT', async () => {
      const { token } = await h.learner()
      const attemptId = randomUUID()
      expect(
        (await h.evaluate(token, { exampleId: ex.exampleId, ...perfect(ex), attemptId }))
          .statusCode,
      ).toBe(200)
      const res = await h.evaluate(token, {
        exampleId: other.exampleId,
        ...perfect(other),
        attemptId,
      })
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('CONFLICT')
    })

    it('reads a repeated attempt id once, while the caller is checked (decision 050)', async () => {
      const { token } = await h.learner()
      const attemptId = randomUUID()
      const body = { exampleId: ex.exampleId, ...perfect(ex), attemptId }
      const first = await h.evaluate(token, body)
      expect(first.statusCode, first.body).toBe(200)
      // Count the statements that read stored attempts: node-postgres' and PGlite's `query` take
      // the SQL text first; PGlite's `exec` runs the prepared ones (`execute che_attempts_…`,
      // db/prepared.ts).
      type Query = (this: unknown, text: unknown, ...rest: unknown[]) => unknown
      const client = (ctx.t.database.db as unknown as { $client: { query: Query; exec?: Query } })
        .$client
      const query = client.query
      const exec = client.exec
      let reads = 0
      const counted = (run: Query): Query =>
        function (this: unknown, text: unknown, ...rest: unknown[]) {
          const sqlText =
            typeof text === 'string' ? text : String((text as { text?: string })?.text)
          if (/from "attempts"|join "attempts"|execute che_attempts_/.test(sqlText)) reads++
          return run.call(this, text, ...rest)
        }
      client.query = counted(query)
      if (exec) client.exec = counted(exec)
      try {
        const again = await h.evaluate(token, body)
        expect(again.statusCode, again.body).toBe(200)
        expect(again.json()).toEqual(first.json())
        // The early read answered it: the service did not read the attempt a second time.
        expect(reads).toBe(1)
      } finally {
        client.query = query
        if (exec) client.exec = exec
      }
    })

    it("touches only the caller's own record, whatever the body says", async () => {
      const a = await h.learner()
      const b = await h.learner()
      const mine = ExercisePayload.parse(
        (await h.evaluate(a.token, { exampleId: ex.exampleId, ...perfect(ex) })).json(),
      )
      const attemptId = randomUUID()
      // Another learner answering the same example, with A's ids in the body, and the same attempt id as A would use.
      const theirs = await h.evaluate(b.token, {
        exampleId: ex.exampleId,
        ...h.wrong,
        userId: a.user.id,
        progressId: mine.progress.progressId,
        attemptId,
      })
      expect(theirs.statusCode, theirs.body).toBe(200)
      expect(theirs.json().progress.userId).toBe(b.user.id)
      expect(theirs.json().progress.progressId).not.toBe(mine.progress.progressId)
      const aCalendar = (await h.get('/api/exercises', a.token)).json() as {
        progressId: string
        dueDate: string
      }[]
      expect(aCalendar).toEqual([
        expect.objectContaining({
          progressId: mine.progress.progressId,
          dueDate: mine.progress.dueDate,
        }),
      ])
      // The same attempt id is A's own to use.
      const aAgain = await h.evaluate(a.token, {
        exampleId: ex.exampleId,
        ...perfect(ex),
        attemptId,
      })
      expect(aAgain.json().progress.userId).toBe(a.user.id)
      expect(aAgain.json().progress.history).toHaveLength(2)
    })

    it('lets a learner answer an example /next never served (the record simply starts)', async () => {
      const { token } = await h.learner()
      const res = await h.evaluate(token, { exampleId: other.exampleId, ...perfect(other) })
      expect(res.statusCode).toBe(200)
      expect(res.json().progress.history).toHaveLength(1)
    })

    it('records an answer given up as such: major on both fields, rated again, the choice kept in the log', async () => {
      const { token } = await h.learner()
      const res = await h.evaluate(token, {
        exampleId: ex.exampleId,
        userTranscription: '',
        userTranslation: ' ',
        gaveUp: true,
      })
      expect(res.statusCode, res.body).toBe(200)
      const body = ExercisePayload.parse(res.json())
      expect(body.evaluation).toMatchObject({
        transcriptionAccuracy: 'major',
        translationAccuracy: 'major',
        mistakeType: 'empty',
        gaveUp: true,
        transcriptionFeedback: expect.stringContaining('You chose to see the answer'),
      })
      expect(body.progress.history).toEqual([
        expect.objectContaining({ rating: 'again', evaluation: body.evaluation }),
      ])
      expect(body.progress.missedWords.length).toBeGreaterThan(0)
      // An empty answer sent without the choice is graded as before, and not marked given up.
      const { token: other } = await h.learner()
      const plain = ExercisePayload.parse(
        (
          await h.evaluate(other, {
            exampleId: ex.exampleId,
            userTranscription: '',
            userTranslation: '',
          })
        ).json(),
      )
      expect(plain.evaluation.gaveUp).toBeUndefined()
      expect(plain.evaluation.transcriptionFeedback).not.toContain('You chose')
    })

    it('refuses gaveUp with a typed answer with VALIDATION_FAILED and writes nothing', async () => {
      const { token } = await h.learner()
      const res = await h.evaluate(token, {
        exampleId: ex.exampleId,
        userTranscription: 'algo',
        userTranslation: '',
        gaveUp: true,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ field: 'gaveUp' })],
      })
      expect((await h.get('/api/exercises', token)).json()).toEqual([])
    })

    it('answers 404 NOT_FOUND for an unknown example and writes nothing', async () => {
      const { token } = await h.learner()
      const res = await h.evaluate(token, {
        exampleId: randomUUID(),
        userTranscription: 'a',
        userTranslation: 'b',
      })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) })
      expect((await h.get('/api/exercises', token)).json()).toEqual([])
    })

    it('refuses a 20,000-character answer with VALIDATION_FAILED and writes nothing', async () => {
      const { token } = await h.learner()
      for (const field of ['userTranscription', 'userTranslation']) {
        const res = await h.evaluate(token, {
          exampleId: ex.exampleId,
          ...perfect(ex),
          [field]: 'a'.repeat(20_000),
        })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: [expect.objectContaining({ field })],
        })
      }
      expect((await h.get('/api/exercises', token)).json()).toEqual([])
    })

    it('refuses malformed bodies with VALIDATION_FAILED', async () => {
      const { token } = await h.learner()
      const bad = [
        {},
        { exampleId: 'not-a-uuid', userTranscription: 'a', userTranslation: 'b' },
        { exampleId: ex.exampleId, userTranscription: 'a' },
        { exampleId: ex.exampleId, userTranscription: 1, userTranslation: 'b' },
        { exampleId: ex.exampleId, userTranscription: 'a', userTranslation: 'b', attemptId: 'x' },
      ]
      for (const body of bad) {
        const res = await h.evaluate(token, body)
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(res.json().code).toBe('VALIDATION_FAILED')
      }
      expect(
        (await h.post('/api/exercises/evaluate', undefined, { exampleId: ex.exampleId }))
          .statusCode,
      ).toBe(401)
    })
  })

  describe('GET /api/exercises/stats and GET /api/exercises', () => {
    const ctx = setup()
    const h = helpers(ctx)
    let a: SeededExample
    let b: SeededExample
    let c: SeededExample

    beforeAll(async () => {
      a = await seedExample(ctx.t, ctx.admin, { usage: 9 })
      b = await seedExample(ctx.t, ctx.admin, { usage: 6, tone: 'Neutral' })
      c = await seedExample(ctx.t, ctx.admin, { usage: 1 })
    })

    it('starts empty', async () => {
      const { token } = await h.learner()
      const stats = await h.get('/api/exercises/stats', token)
      expect(stats.statusCode).toBe(200)
      expect(stats.json()).toEqual({
        numSeen: 0,
        numPastDue: 0,
        pastDueDate: null,
        score: 0,
        nextDueDate: null,
        isNewAllowed: true,
        enableGetNext: true,
        upToDate: true,
        missed: 0,
        unique: 0,
        numSandboxes: 0,
        reportState: 4,
      })
      expect((await h.get('/api/exercises', token)).json()).toEqual([])
    })

    it('counts reviews, misses and what is due after a few answers', async () => {
      const { token } = await h.learner()
      await h.evaluate(token, { exampleId: a.exampleId, ...perfect(a) })
      await h.evaluate(token, { exampleId: b.exampleId, ...h.wrong })
      await h.evaluate(token, { exampleId: c.exampleId, ...perfect(c) })
      const stats = ScheduleStats.parse((await h.get('/api/exercises/stats', token)).json())
      expect(stats).toMatchObject({
        numSeen: 3,
        numPastDue: 0,
        pastDueDate: null,
        score: 67,
        isNewAllowed: false,
        enableGetNext: false,
        upToDate: true,
        numSandboxes: 1,
        reportState: 4,
      })
      expect(stats.missed).toBeGreaterThan(0)
      expect(stats.unique).toBeGreaterThan(0)
      expect(Date.parse(stats.nextDueDate!)).toBeGreaterThan(ctx.now)

      const calendar = (await h.get('/api/exercises', token)).json() as unknown[]
      expect(calendar).toHaveLength(3)
      for (const item of calendar) CalendarItem.parse(item)
      expect(calendar).toContainEqual({
        progressId: expect.any(String),
        dueDate: expect.any(String),
        tone: 'Casual',
        idiom: a.idiomText,
        range: { label: 'Super common', icon: 'flame' },
        // Just reviewed, perfectly: recall is certain.
        confidence: 1,
      })
      expect(calendar).toContainEqual({
        progressId: expect.any(String),
        dueDate: expect.any(String),
        tone: 'Neutral',
        idiom: b.idiomText,
        range: { label: 'Common', icon: 'star' },
        // Just answered with major errors: one dot, however fresh the review (decision 012).
        confidence: 0.5,
      })

      // Two days on, the wrong one is past due and confidence has dropped.
      const start = ctx.now
      ctx.now += 2 * DAY
      try {
        const later = ScheduleStats.parse((await h.get('/api/exercises/stats', token)).json())
        expect(later).toMatchObject({ numPastDue: 1, upToDate: false, enableGetNext: true })
        const items = (await h.get('/api/exercises', token)).json() as {
          confidence: number
          idiom: string
        }[]
        expect(items.find((i) => i.idiom === a.idiomText)!.confidence).toBeLessThan(1)
      } finally {
        ctx.now = start
      }
    })

    it('labels cards stored before streak and lastRating were kept', async () => {
      // The calendar reads five fields of each stored card (decision 050); one kept before
      // `streak` and `lastRating` existed lacks both: with no streak it counts as last rated
      // Again (one dot), with a streak as Good (decision 012).
      const { user, token } = await h.learner()
      await h.evaluate(token, { exampleId: a.exampleId, ...perfect(a) })
      await h.evaluate(token, { exampleId: b.exampleId, ...perfect(b) })
      const { db } = ctx.t.database
      await db
        .update(progress)
        .set({ card: sql`${progress.card} - 'lastRating' - 'streak'` })
        .where(and(eq(progress.userId, user.id), eq(progress.exampleId, a.exampleId)))
      await db
        .update(progress)
        .set({ card: sql`(${progress.card} - 'lastRating') || '{"streak": 2}'::jsonb` })
        .where(and(eq(progress.userId, user.id), eq(progress.exampleId, b.exampleId)))
      const res = await h.get('/api/exercises', token)
      expect(res.statusCode, res.body).toBe(200)
      const items = res.json() as { idiom: string; confidence: number }[]
      expect(items.find((i) => i.idiom === a.idiomText)!.confidence).toBe(0.5)
      expect(items.find((i) => i.idiom === b.idiomText)!.confidence).toBe(1)
    })

    it('offers a report once the learner has reportMinReviews reviews', async () => {
      const { token } = await h.learner()
      await h.setSettings({ reportMinReviews: '2' })
      try {
        await h.evaluate(token, { exampleId: a.exampleId, ...perfect(a) })
        expect((await h.get('/api/exercises/stats', token)).json().reportState).toBe(4)
        await h.evaluate(token, { exampleId: a.exampleId, ...perfect(a) })
        expect((await h.get('/api/exercises/stats', token)).json().reportState).toBe(1)
      } finally {
        await h.setSettings({ reportMinReviews: '20' })
      }
    })

    it('counts "due today" in the learner time zone', async () => {
      const { token } = await h.learner()
      const start = ctx.now
      try {
        // Answered wrong at 20:00 UTC on 2026-03-20: due again a day later, 20:00 UTC on the 21st.
        ctx.now = Date.parse('2026-03-20T20:00:00.000Z')
        const due = ExercisePayload.parse(
          (await h.evaluate(token, { exampleId: b.exampleId, ...h.wrong })).json(),
        ).progress.dueDate
        ctx.now = Date.parse(due) - 2 * 3_600_000
        // Two hours before it is due (18:00 UTC): in UTC it is due today. In Karachi (UTC+5) it is
        // 23:00 and today ends at 19:00 UTC, an hour before it is due.
        expect((await h.get('/api/exercises/stats?tz=UTC', token)).json().numPastDue).toBe(1)
        expect((await h.get('/api/exercises/stats?tz=Asia/Karachi', token)).json().numPastDue).toBe(
          0,
        )
      } finally {
        ctx.now = start
      }
    })

    it('refuses a bad time zone parameter and anonymous callers', async () => {
      const { token } = await h.learner()
      expect((await h.get(`/api/exercises/stats?tz=${'z'.repeat(65)}`, token)).statusCode).toBe(400)
      expect((await h.get('/api/exercises/stats')).statusCode).toBe(401)
      expect((await h.get('/api/exercises')).statusCode).toBe(401)
    })
  })

  describe('the test clock (testClockOffsetDays)', () => {
    const ctx = setup()
    const h = helpers(ctx)

    it('moves the server clock forward in the test environment', async () => {
      const ex = await seedExample(ctx.t, ctx.admin)
      const { token } = await h.learner()
      const first = ExercisePayload.parse(
        (await h.evaluate(token, { exampleId: ex.exampleId, ...perfect(ex) })).json(),
      )
      expect(first.progress.history[0]!.date).toBe(new Date(T0).toISOString())
      await h.setSettings({ testClockOffsetDays: '30' })
      try {
        const stats = (await h.get('/api/exercises/stats', token)).json()
        expect(stats).toMatchObject({ numPastDue: 1, upToDate: false })
        const second = ExercisePayload.parse(
          (await h.evaluate(token, { exampleId: ex.exampleId, ...perfect(ex) })).json(),
        )
        expect(second.progress.history[1]!.date).toBe(new Date(T0 + 30 * DAY).toISOString())
      } finally {
        await h.setSettings({ testClockOffsetDays: '0' })
      }
    })

    it('refuses a value that is not a number of days', async () => {
      for (const value of ['soon', '-1']) {
        const current = (await h.get('/api/settings', ctx.admin)).json().settings
        const res = await h.post('/api/settings', ctx.admin, {
          settings: { ...current, testClockOffsetDays: value },
        })
        expect(res.statusCode).toBe(400)
        expect(res.json().code).toBe('VALIDATION_FAILED')
      }
    })
  })

  describe('the test clock outside the test environment', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(
        { NODE_ENV: 'development' },
        { contentDir: false, synthesizer: fakeSynthesizer() },
      )
    })
    afterAll(() => t.close())

    it('refuses to save testClockOffsetDays with VALIDATION_FAILED', async () => {
      const { token } = await t.userWithRole('admin')
      const current = (
        await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(token) })
      ).json().settings
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/settings',
        headers: bearer(token),
        payload: { settings: { ...current, testClockOffsetDays: '3' } },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'settings.testClockOffsetDays', message: expect.any(String) }],
      })
      const after = (
        await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(token) })
      ).json().settings
      expect(after).not.toHaveProperty('testClockOffsetDays')
    })
  })

  describe('GET /api/exercises/offline', () => {
    const ctx = setup()
    const h = helpers(ctx)
    let a: SeededExample
    let b: SeededExample
    let c: SeededExample

    beforeAll(async () => {
      a = await seedExample(ctx.t, ctx.admin)
      b = await seedExample(ctx.t, ctx.admin)
      c = await seedExample(ctx.t, ctx.admin)
    })

    it('gives the learner items soonest due first, with the grader reference, and never new ones', async () => {
      const { token } = await h.learner()
      expect((await h.get('/api/exercises/offline', token)).json()).toEqual({
        now: new Date(ctx.now).toISOString(),
        exercises: [],
      })
      await h.evaluate(token, { exampleId: a.exampleId, ...perfect(a) })
      await h.evaluate(token, { exampleId: b.exampleId, ...h.wrong })
      const res = await h.get('/api/exercises/offline', token)
      expect(res.statusCode, res.body).toBe(200)
      const kept = res.json().exercises as {
        example: { exampleId: string; isNew: boolean }
        dueDate: string
        reference: { text: string }
      }[]
      // b was missed, so it comes back sooner than a.
      expect(kept.map((k) => k.example.exampleId)).toEqual([b.exampleId, a.exampleId])
      expect(kept.every((k) => !k.example.isNew)).toBe(true)
      expect(kept[0]?.reference).toMatchObject({ text: expect.any(String) })
      expect(kept.map((k) => k.example.exampleId)).not.toContain(c.exampleId)
      const one = (await h.get('/api/exercises/offline?limit=1', token)).json()
        .exercises as unknown[]
      expect(one).toHaveLength(1)
    })

    it('keeps as many as the offlineExercises preference says, and refuses bad limits', async () => {
      const { token } = await h.learner()
      await h.evaluate(token, { exampleId: a.exampleId, ...perfect(a) })
      await h.evaluate(token, { exampleId: b.exampleId, ...perfect(b) })
      const prefs = await h.post('/api/users/preferences', token, {
        preferences: { offlineExercises: 1 },
      })
      expect(prefs.json().preferences.offlineExercises).toBe(1)
      expect((await h.get('/api/exercises/offline', token)).json().exercises).toHaveLength(1)
      const bad = await h.post('/api/users/preferences', token, {
        preferences: { offlineExercises: 1000 },
      })
      expect(bad.statusCode).toBe(400)
      expect((await h.get('/api/exercises/offline?limit=-1', token)).statusCode).toBe(400)
      expect((await h.get('/api/exercises/offline')).statusCode).toBe(401)
    })
  })
})
