import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Example } from '@che/core'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import {
  fakeSynthesizer,
  seedExample,
  type SeededExample,
} from '../exercises/exercises.fixtures.js'
import { PLAYROOM_NOTHING_ELSE } from './sandbox.service.js'

const T0 = Date.parse('2026-05-04T12:00:00.000Z')

/** The Playroom never serves again the sentence whose answer the learner has just seen. */
describe('sandbox (Playroom): no sentence straight after its answer was shown', () => {
  let t: TestApp
  let admin: string
  let horno: SeededExample
  let bondi: SeededExample

  beforeAll(async () => {
    t = await startTestApp(
      {},
      { clock: () => new Date(T0), contentDir: false, synthesizer: fakeSynthesizer() },
    )
    admin = (await t.userWithRole('admin')).token
    horno = await seedExample(t, admin, {
      idiom: 'estar al horno',
      text: 'Si no entrego el informe mañana estoy al horno.',
      snippet: 'estoy al horno',
    })
    bondi = await seedExample(t, admin, {
      idiom: 'tomar el bondi',
      text: 'Mañana tomo el bondi temprano para llegar al informe.',
      snippet: 'tomo el bondi',
      translation: 'Tomorrow I take the bus early to get to the report.',
    })
  })
  afterAll(() => t.close())

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload })
  const next = (token: string, body: object = {}) => post('/api/sandbox/next', token, body)

  it('prefers a sentence not answered today, and never the one just drilled', async () => {
    const { token } = await t.userWithRole('learner')
    // Misses "informe" and "mañana", which the bondi sentence has too.
    const missed = await post('/api/exercises/evaluate', token, {
      exampleId: horno.exampleId,
      userTranscription: 'Si no entrego el estoy al horno.',
      userTranslation: "If I don't hand in the report tomorrow I'm in trouble.",
    })
    expect(missed.statusCode, missed.body).toBe(200)
    for (let i = 0; i < 4; i++) {
      const res = await next(token)
      expect(res.statusCode, res.body).toBe(200)
      expect(Example.parse(res.json()).exampleId).toBe(bondi.exampleId)
    }
    // Just drilled bondi: the horno sentence (answered hours ago) is the one left.
    const after = await next(token, { after: bondi.exampleId })
    expect(after.json().exampleId).toBe(horno.exampleId)
  })

  it('answers 404 with a plain message when only the sentence just drilled holds the words', async () => {
    const { token } = await t.userWithRole('learner')
    const missed = await post('/api/exercises/evaluate', token, {
      exampleId: horno.exampleId,
      userTranscription: 'Si no el informe mañana estoy al horno.',
      userTranslation: "If I don't hand in the report tomorrow I'm in trouble.",
    })
    expect(missed.json().evaluation.missedWords).toEqual(['entrego'])
    expect((await next(token)).json().exampleId).toBe(horno.exampleId)
    const res = await next(token, { after: horno.exampleId })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: PLAYROOM_NOTHING_ELSE })
  })

  it('refuses an `after` that is not an example id', async () => {
    const { token } = await t.userWithRole('learner')
    const res = await next(token, { after: 'horno' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_FAILED')
  })
})
