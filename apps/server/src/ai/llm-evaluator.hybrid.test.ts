import { afterEach, describe, expect, it } from 'vitest'
import { evaluate } from '@che/core/evaluator'
import { fakeSynthesizer, seedExample } from '../modules/exercises/exercises.fixtures.js'
import { startHttpPeer, type HttpPeer } from '../test/http-peer.js'
import { bearer, startTestApp, type TestApp } from '../test/support.js'

/** What the model answers whenever it is asked. */
const modelEvaluation = {
  transcriptionAccuracy: 'minor',
  translationAccuracy: 'perfect',
  transcriptionFeedback: 'Graded by the model.',
  translationFeedback: 'Graded by the model: "screwed" renders "al horno".',
  mistakeType: 'accent',
  missedWords: [],
  targetWords: [],
}
const TEXT = 'Si no entrego el informe mañana estoy al horno.'
const TRANSLATION = "If I don't hand in the report tomorrow I'm in trouble."

describe('hybrid evaluation: the LLM only when the local engine is unsure', () => {
  let t: TestApp
  let peer: HttpPeer
  afterEach(async () => {
    await t.close()
    await peer.close()
  })

  async function start() {
    peer = await startHttpPeer(() => ({
      status: 200,
      json: {
        choices: [{ message: { role: 'assistant', content: JSON.stringify(modelEvaluation) } }],
      },
    }))
    t = await startTestApp(
      { LLM_BASE_URL: `${peer.url}/v1`, LLM_MODEL: 'grader', LLM_API_KEY: 'sk-che' },
      { contentDir: false, synthesizer: fakeSynthesizer() },
    )
    const admin = (await t.userWithRole('admin')).token
    const example = await seedExample(t, admin, {
      idiom: 'estar al horno',
      text: TEXT,
      translation: TRANSLATION,
    })
    const learner = (await t.userWithRole('learner')).token
    const post = async (userTranscription: string, userTranslation: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/exercises/evaluate',
        headers: bearer(learner),
        payload: { exampleId: example.exampleId, userTranscription, userTranslation },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().evaluation as Record<string, unknown>
    }
    return { admin, example, post }
  }

  const local = (userTranscription: string, userTranslation: string, meanings?: string[]) =>
    evaluate(
      {
        text: TEXT,
        conjugatedSnippet: 'estoy al horno',
        translation: TRANSLATION,
        idiom: {
          text: 'estar al horno',
          translation: 'to be in trouble',
          ...(meanings ? { meanings } : {}),
        },
      },
      { userTranscription, userTranslation },
    )

  it('grades a sure answer locally without calling the model', async () => {
    const { post } = await start()
    const evaluation = await post(TEXT, TRANSLATION)
    expect(evaluation).toEqual(local(TEXT, TRANSLATION))
    expect(evaluation.confidence).toBeGreaterThanOrEqual(0.6)
    expect(peer.requests).toHaveLength(0)
  })

  it('asks the model when the local engine is unsure, and follows the admin threshold', async () => {
    const { admin, post } = await start()
    const unsure = "If I don't hand in the report tomorrow, I'm screwed."
    expect(local(TEXT, unsure).confidence).toBeLessThan(0.6)
    expect(await post(TEXT, unsure)).toMatchObject({ translationAccuracy: 'perfect' })
    expect(peer.requests).toHaveLength(1)

    // threshold 0: never ask; the learner gets the local grade
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: bearer(admin),
    })
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(admin),
      payload: { settings: { ...current.json().settings, evaluatorLlmThreshold: '0' } },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(await post(TEXT, unsure)).toEqual(local(TEXT, unsure))
    expect(peer.requests).toHaveLength(1)
  })

  it('rejects a threshold outside 0–1 and changes nothing', async () => {
    const { admin } = await start()
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: bearer(admin),
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(admin),
      payload: { settings: { ...current.json().settings, evaluatorLlmThreshold: '1.5' } },
    })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json())).toContain('settings.evaluatorLlmThreshold')
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: bearer(admin),
    })
    expect(after.json().settings.evaluatorLlmThreshold).toBe('0.6')
  })

  it("keeps the local major transcription grade when the model's is better", async () => {
    const { post } = await start()
    const wrong = 'Si no entrego el informe mañana estoy al hombro.'
    const unsure = "If I don't hand in the report tomorrow, I'm screwed."
    const evaluation = await post(wrong, unsure)
    expect(peer.requests).toHaveLength(1)
    expect(evaluation).toMatchObject({
      transcriptionAccuracy: 'major',
      mistakeType: 'idiom',
      translationAccuracy: 'perfect',
    })
  })

  it('uses the meanings an admin gave the idiom: a rendering they list is sure, no model call', async () => {
    const { admin, example, post } = await start()
    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/idiom/update',
      headers: bearer(admin),
      payload: {
        idiomId: example.idiomId,
        meanings: ['be screwed', 'be done for'],
        literals: ['be in the oven'],
      },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({
      meanings: ['be screwed', 'be done for'],
      literals: ['be in the oven'],
    })
    const screwed = "If I don't hand in the report tomorrow, I'm screwed."
    expect(await post(TEXT, screwed)).toMatchObject({ translationAccuracy: 'perfect' })
    const oven = "If I don't hand in the report tomorrow, I'm in the oven."
    expect(await post(TEXT, oven)).toMatchObject({
      translationAccuracy: 'major',
      mistakeType: 'literal',
    })
    expect(peer.requests).toHaveLength(0)
  })
})
