import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Example } from '@che/core'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import {
  fakeSynthesizer,
  perfect,
  seedExample,
  type SeededExample,
} from '../exercises/exercises.fixtures.js'

const DAY = 86_400_000
const T0 = Date.parse('2026-05-04T12:00:00.000Z')

describe('sandbox (Playroom)', () => {
  let t: TestApp
  let admin: string
  let now = T0
  let horno: SeededExample
  let pedo: SeededExample
  let bondi: SeededExample

  beforeAll(async () => {
    t = await startTestApp(
      {},
      { clock: () => new Date(now), contentDir: false, synthesizer: fakeSynthesizer() },
    )
    admin = (await t.userWithRole('admin')).token
    horno = await seedExample(t, admin, {
      idiom: 'estar al horno',
      text: 'Si no entrego el informe mañana estoy al horno.',
      snippet: 'estoy al horno',
    })
    pedo = await seedExample(t, admin, {
      idiom: 'estar en pedo',
      text: 'No le hagas caso, está en pedo.',
      snippet: 'está en pedo',
      translation: "Don't listen to him, he's drunk.",
      tone: 'Street',
    })
    bondi = await seedExample(t, admin, {
      idiom: 'tomar el bondi',
      text: 'Mañana tomo el bondi temprano para llegar al informe.',
      snippet: 'tomo el bondi',
      translation: 'Tomorrow I take the bus early to get to the report.',
    })
  })
  afterAll(() => t.close())

  const post = (url: string, token: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: token ? bearer(token) : {},
      payload: payload as object,
    })
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const evaluate = (token: string, body: Record<string, unknown>) =>
    post('/api/exercises/evaluate', token, body)
  // Misses "informe" and "mañana" of the horno sentence.
  const partial = {
    userTranscription: 'Si no entrego el estoy al horno.',
    userTranslation: "If I don't hand in the report tomorrow I'm in trouble.",
  }

  describe('POST /api/sandbox/next', () => {
    it('answers 404 "Your playroom is empty." when nothing was missed', async () => {
      const { token } = await t.userWithRole('learner')
      const res = await post('/api/sandbox/next', token, {})
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Your playroom is empty.' })
      // Perfect answers leave it empty too.
      await evaluate(token, { exampleId: horno.exampleId, ...perfect(horno) })
      expect((await post('/api/sandbox/next', token, {})).statusCode).toBe(404)
    })

    it('serves an example containing missed words once the calendar is clear, and locks while anything is due today', async () => {
      const { token } = await t.userWithRole('learner')
      const missed = await evaluate(token, { exampleId: horno.exampleId, ...partial })
      expect(missed.statusCode).toBe(200)
      const words = missed.json().evaluation.targetWords as string[]
      expect(words.length).toBeGreaterThan(0)

      // Reviewed just now, due another day: the calendar is clear.
      const res = await post('/api/sandbox/next', token, {})
      expect(res.statusCode, res.body).toBe(200)
      const example = Example.parse(res.json())
      expect(words.some((w) => example.text.toLocaleLowerCase('es').includes(w))).toBe(true)
      expect(example.audio).toEqual({
        url: expect.stringMatching(/^\/api\/audio\/tts\//),
        voice: 'fake-tts',
        kind: 'synthetic',
      })

      const start = now
      now += 3 * DAY
      try {
        const locked = await post('/api/sandbox/next', token, {})
        expect(locked.statusCode).toBe(409)
        expect(locked.json()).toEqual({
          code: 'CONFLICT',
          message: 'Unlock the Playroom by clearing your calendar',
        })
        // Clearing the calendar (a review that still misses words) unlocks it again.
        expect((await evaluate(token, { exampleId: horno.exampleId, ...partial })).statusCode).toBe(
          200,
        )
        expect((await post('/api/sandbox/next', token, {})).statusCode).toBe(200)
      } finally {
        now = start
      }
    })

    it('drills the basedOn word when some example has it, and falls back to the missed words otherwise', async () => {
      const { token } = await t.userWithRole('learner')
      await evaluate(token, { exampleId: horno.exampleId, ...partial })
      const based = await post('/api/sandbox/next', token, { basedOn: 'Pedo' })
      expect(based.json()).toMatchObject({ exampleId: pedo.exampleId, isNew: true })
      const fallback = await post('/api/sandbox/next', token, { basedOn: 'zapallo' })
      expect(fallback.statusCode).toBe(200)
      expect([horno.exampleId, bondi.exampleId]).toContain(fallback.json().exampleId)
    })

    it('serves only examples that contain a missed word', async () => {
      const { token } = await t.userWithRole('learner')
      await evaluate(token, { exampleId: horno.exampleId, ...partial })
      // "informe" and "mañana" are in the horno and bondi sentences, never in the pedo one.
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/sandbox/next', token, {})
        expect([horno.exampleId, bondi.exampleId]).toContain(res.json().exampleId)
      }
    })

    it('counts "due today" in the time zone it is given', async () => {
      const { token } = await t.userWithRole('learner')
      const start = now
      try {
        now = Date.parse('2026-06-01T20:00:00.000Z')
        const due = (await evaluate(token, { exampleId: horno.exampleId, ...partial })).json()
          .progress.dueDate as string
        now = Date.parse(due) - 2 * 3_600_000
        // 18:00 UTC: due today in UTC; in Karachi (UTC+5) today ended at 19:00 UTC, before it is due.
        expect((await post('/api/sandbox/next', token, { tz: 'UTC' })).statusCode).toBe(409)
        expect((await post('/api/sandbox/next', token, { tz: 'Asia/Karachi' })).statusCode).toBe(
          200,
        )
      } finally {
        now = start
      }
    })

    it('refuses bad input and anonymous callers', async () => {
      const { token } = await t.userWithRole('learner')
      const res = await post('/api/sandbox/next', token, { basedOn: 'x'.repeat(201) })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
      expect((await post('/api/sandbox/next', undefined, {})).statusCode).toBe(401)
    })
  })

  describe('POST /api/sandbox/evaluate', () => {
    it('grades without a score, a schedule change or any write', async () => {
      const { token } = await t.userWithRole('learner')
      await evaluate(token, { exampleId: horno.exampleId, ...partial })
      const statsBefore = (await get('/api/exercises/stats', token)).json()
      const calendarBefore = (await get('/api/exercises', token)).json()

      const res = await post('/api/sandbox/evaluate', token, {
        exampleId: horno.exampleId,
        ...perfect(horno),
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({
        exampleId: horno.exampleId,
        evaluation: expect.objectContaining({
          transcriptionAccuracy: 'perfect',
          translationAccuracy: 'perfect',
          targetWords: [],
        }),
      })
      const other = await post('/api/sandbox/evaluate', token, {
        exampleId: pedo.exampleId,
        ...perfect(pedo),
      })
      expect(other.statusCode).toBe(200)

      expect((await get('/api/exercises/stats', token)).json()).toEqual(statsBefore)
      expect((await get('/api/exercises', token)).json()).toEqual(calendarBefore)
    })

    it('shows the answer to a learner who gives up, still without a score or a write', async () => {
      const { token } = await t.userWithRole('learner')
      const calendarBefore = (await get('/api/exercises', token)).json()
      const res = await post('/api/sandbox/evaluate', token, {
        exampleId: horno.exampleId,
        userTranscription: '',
        userTranslation: '',
        gaveUp: true,
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().evaluation).toMatchObject({
        transcriptionAccuracy: 'major',
        gaveUp: true,
        englishTranslation: expect.any(String),
      })
      expect((await get('/api/exercises', token)).json()).toEqual(calendarBefore)
    })

    it('answers 404 for an unknown example and VALIDATION_FAILED for oversized answers', async () => {
      const { token } = await t.userWithRole('learner')
      const unknown = await post('/api/sandbox/evaluate', token, {
        exampleId: randomUUID(),
        userTranscription: 'a',
        userTranslation: 'b',
      })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().code).toBe('NOT_FOUND')
      const long = await post('/api/sandbox/evaluate', token, {
        exampleId: horno.exampleId,
        userTranscription: 'a'.repeat(20_000),
        userTranslation: 'b',
      })
      expect(long.statusCode).toBe(400)
      expect(long.json().code).toBe('VALIDATION_FAILED')
    })
  })
})
