import { afterEach, describe, expect, it } from 'vitest'
import { ExercisePayload } from '@che/core'
import { evaluate } from '@che/core/evaluator'
import { prompts } from '../db/schema.js'
import { fakeSynthesizer, seedExample } from '../modules/exercises/exercises.fixtures.js'
import { createKvRepo } from '../modules/settings/settings.repo.js'
import { startHttpPeer, type HttpPeer, type PeerRequest } from '../test/http-peer.js'
import { bearer, startTestApp, type TestApp } from '../test/support.js'

const modelEvaluation = {
  transcriptionAccuracy: 'minor',
  translationAccuracy: 'perfect',
  transcriptionFeedback: 'Graded by the model: "manana" needs its tilde.',
  translationFeedback: 'Graded by the model: "screwed" is a fine rendering of "al horno".',
  mistakeType: 'accent',
  missedWords: ['mañana'],
  targetWords: ['mañana'],
}
const answer = {
  userTranscription: 'si no entrego el informe manana estoy al horno',
  userTranslation: "If I don't turn in the report tomorrow, I'm screwed.",
}

describe('POST /api/exercises/evaluate with an LLM endpoint', () => {
  let t: TestApp
  let peer: HttpPeer
  afterEach(async () => {
    await t.close()
    await peer.close()
  })

  async function start(reply: (req: PeerRequest) => { status: number; json: unknown }) {
    peer = await startHttpPeer(reply)
    t = await startTestApp(
      { LLM_BASE_URL: `${peer.url}/v1`, LLM_MODEL: 'grader', LLM_API_KEY: 'sk-che' },
      { contentDir: false, synthesizer: fakeSynthesizer() },
    )
    const admin = (await t.userWithRole('admin')).token
    const example = await seedExample(t, admin, { idiom: 'estar al horno' })
    const learner = (await t.userWithRole('learner')).token
    const evaluate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/exercises/evaluate',
        headers: bearer(learner),
        payload: { exampleId: example.exampleId, ...answer },
      })
    return { example, evaluate }
  }

  it('grades with the model, using the prompt an admin edited and the key', async () => {
    const { example, evaluate: post } = await start(() => ({
      status: 200,
      json: {
        choices: [
          { index: 0, message: { role: 'assistant', content: JSON.stringify(modelEvaluation) } },
        ],
      },
    }))
    await createKvRepo(t.database.db, prompts).set(
      'evaluation',
      'Admin-edited grading prompt: be strict about accents.',
    )

    const res = await post()
    expect(res.statusCode, res.body).toBe(200)
    const body = ExercisePayload.parse(res.json())
    expect(body.evaluation).toEqual({ ...modelEvaluation, englishTranslation: example.translation })
    expect(res.json()).toMatchObject({
      exampleId: example.exampleId,
      progress: { missedWords: ['mañana'] },
    })

    expect(peer.requests).toHaveLength(1)
    const req = peer.requests[0]!
    expect(req.path).toBe('/v1/chat/completions')
    expect(req.headers.authorization).toBe('Bearer sk-che')
    const sent = req.body as { model: string; messages: { role: string; content: string }[] }
    expect(sent.model).toBe('grader')
    expect(sent.messages[0]).toEqual({
      role: 'system',
      content: 'Admin-edited grading prompt: be strict about accents.',
    })
    expect(JSON.parse(sent.messages[1]!.content)).toMatchObject({
      example: {
        text: example.text,
        conjugatedSnippet: 'estoy al horno',
        translation: example.translation,
      },
      attempt: answer,
    })
  })

  it('grades with the local engine when the model answers 500', async () => {
    const { example, evaluate: post } = await start(() => ({
      status: 500,
      json: { error: { message: 'down' } },
    }))
    const res = await post()
    expect(res.statusCode, res.body).toBe(200)
    const local = evaluate(
      {
        text: example.text,
        conjugatedSnippet: 'estoy al horno',
        translation: example.translation,
        idiom: { text: 'estar al horno', translation: 'to be in trouble' },
      },
      answer,
    )
    expect(res.json().evaluation).toEqual(local)
    expect(peer.requests).toHaveLength(1)
  })

  it('sends the seeded default evaluation prompt when no admin edited it', async () => {
    const { evaluate: post } = await start(() => ({
      status: 200,
      json: { choices: [{ message: { content: JSON.stringify(modelEvaluation) } }] },
    }))
    expect((await post()).statusCode).toBe(200)
    const sent = peer.requests[0]!.body as { messages: { content: string }[] }
    expect(sent.messages[0]!.content).toMatch(
      /^You grade an answer of a learner of Rio de la Plata Spanish/,
    )
  })
})
