import { afterEach, describe, expect, it } from 'vitest'
import { Evaluation, type EvaluatorAttempt, type EvaluatorExample } from '@che/core'
import { evaluate } from '@che/core/evaluator'
import { startHttpPeer, type HttpPeer, type PeerRequest } from '../test/http-peer.js'
import { createLlmClient } from './llm-client.js'
import { asyncEvaluator, createLlmEvaluator } from './llm-evaluator.js'

const example: EvaluatorExample = {
  text: 'Si no entrego el informe mañana estoy al horno.',
  conjugatedSnippet: 'estoy al horno',
  translation: "If I don't hand in the report tomorrow I'm in trouble.",
  idiom: { text: 'estar al horno', translation: 'to be in trouble' },
  alternatives: ["If I don't turn in the report tomorrow I'm toast."],
  literal: 'I am in the oven',
}
const attempt: EvaluatorAttempt = {
  userTranscription: 'si no entrego el informe manana estoy al horno',
  userTranslation: "If I don't turn in the report tomorrow, I'm screwed.",
}

/** What a model answers for `attempt`: different from the local grade, so the tests can tell them apart. */
const modelAnswer = {
  transcriptionAccuracy: 'minor',
  translationAccuracy: 'perfect',
  transcriptionFeedback: 'Almost: "manana" needs its tilde, "mañana".',
  translationFeedback: '"Screwed" carries the meaning of "estar al horno" well.',
  englishTranslation: "If I don't hand in the report tomorrow I'm in trouble.",
  mistakeType: 'accent',
  missedWords: ['mañana'],
  targetWords: ['Mañana'],
}

const completion = (content: string) => ({
  status: 200,
  json: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  },
})

function setup(
  answer: (
    req: PeerRequest,
  ) => { status: number; json: unknown } | Promise<{ status: number; json: unknown }>,
) {
  const logs: { level: 'warn' | 'info'; obj: Record<string, unknown>; msg: string }[] = []
  let prompt: string | undefined = 'GRADE THIS (admin prompt v1)'
  return {
    logs,
    setPrompt(p: string | undefined) {
      prompt = p
    },
    async start() {
      peer = await startHttpPeer(answer)
      return createLlmEvaluator({
        client: createLlmClient({ baseUrl: `${peer.url}/v1`, apiKey: 'sk-eval', model: 'grader' }),
        prompt: async () => prompt,
        local: evaluate,
        log: {
          warn: (obj, msg) =>
            logs.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
          info: (obj, msg) =>
            logs.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
        },
        timeoutMs: 300,
      })
    },
  }
}

let peer: HttpPeer | undefined
afterEach(async () => {
  await peer?.close()
  peer = undefined
})

describe('llm evaluator', () => {
  it('uses a valid JSON answer, normalising targetWords as the local engine does', async () => {
    const s = setup(() => completion(JSON.stringify(modelAnswer)))
    const result = await (await s.start())(example, attempt)
    expect(result).toEqual({ ...modelAnswer, targetWords: ['mañana'] })
    expect(Evaluation.parse(result)).toEqual(result)
    expect(result).not.toEqual(evaluate(example, attempt))
    expect(s.logs).toEqual([])
  })

  it('sends the admin prompt, the example and the answer as JSON, in JSON mode at temperature 0 with the key', async () => {
    const s = setup(() => completion(JSON.stringify(modelAnswer)))
    await (await s.start())(example, attempt)
    const req = peer!.requests[0]!
    expect(req.path).toBe('/v1/chat/completions')
    expect(req.headers.authorization).toBe('Bearer sk-eval')
    const body = req.body as {
      model: string
      temperature: number
      response_format: unknown
      messages: { role: string; content: string }[]
    }
    expect(body).toMatchObject({
      model: 'grader',
      temperature: 0,
      response_format: { type: 'json_object' },
    })
    expect(body.messages).toHaveLength(2)
    expect(body.messages[0]).toEqual({ role: 'system', content: 'GRADE THIS (admin prompt v1)' })
    expect(body.messages[1]!.role).toBe('user')
    expect(JSON.parse(body.messages[1]!.content)).toEqual({
      example: {
        text: example.text,
        conjugatedSnippet: 'estoy al horno',
        translation: example.translation,
        idiom: { text: 'estar al horno', translation: 'to be in trouble' },
        alternatives: example.alternatives,
        literal: 'I am in the oven',
      },
      attempt,
    })
  })

  it('reads the prompt on every call, so an admin edit applies to the next answer', async () => {
    const s = setup(() => completion(JSON.stringify(modelAnswer)))
    const evaluator = await s.start()
    await evaluator(example, attempt)
    s.setPrompt('GRADE THIS (admin prompt v2)')
    await evaluator(example, attempt)
    const systems = peer!.requests.map(
      (r) => (r.body as { messages: { content: string }[] }).messages[0]!.content,
    )
    expect(systems).toEqual(['GRADE THIS (admin prompt v1)', 'GRADE THIS (admin prompt v2)'])
  })

  it('never lets the model mark an answer as given up (that is the learner’s choice)', async () => {
    const s = setup(() => completion(JSON.stringify({ ...modelAnswer, gaveUp: true })))
    const result = await (await s.start())(example, attempt)
    expect(result).not.toHaveProperty('gaveUp')
    expect(result.transcriptionAccuracy).toBe('minor')
  })

  it('fills a missing or blank englishTranslation with the reference', async () => {
    for (const englishTranslation of [undefined, '  ']) {
      const s = setup(() => completion(JSON.stringify({ ...modelAnswer, englishTranslation })))
      expect((await (await s.start())(example, attempt)).englishTranslation).toBe(
        example.translation,
      )
      await peer!.close()
      peer = undefined
    }
  })

  describe('falls back to the local engine and warns with the reason', () => {
    const local = evaluate(example, attempt)

    it.each([
      [
        'content that is not JSON',
        () => completion('Transcription: minor. Translation: perfect.'),
        /not JSON/,
      ],
      [
        'JSON without missedWords',
        () => completion(JSON.stringify({ ...modelAnswer, missedWords: undefined })),
        /missedWords/,
      ],
      [
        'JSON without targetWords',
        () => completion(JSON.stringify({ ...modelAnswer, targetWords: 'mañana' })),
        /targetWords/,
      ],
      [
        'a grade outside the rubric',
        () => completion(JSON.stringify({ ...modelAnswer, translationAccuracy: 'minor errors' })),
        /translationAccuracy/,
      ],
      [
        'an unknown mistakeType',
        () => completion(JSON.stringify({ ...modelAnswer, mistakeType: 'typo' })),
        /mistakeType/,
      ],
      ['a reply without choices', () => ({ status: 200, json: { choices: [] } }), /no answer/],
    ])('on %s (invalid)', async (_, answer, message) => {
      const s = setup(answer)
      expect(await (await s.start())(example, attempt)).toEqual(local)
      expect(s.logs).toEqual([
        {
          level: 'warn',
          obj: { reason: 'invalid', err: expect.stringMatching(message), model: 'grader' },
          msg: 'LLM evaluation failed; graded by the local engine',
        },
      ])
    })

    it('on an HTTP 500 (http)', async () => {
      const s = setup(() => ({ status: 500, json: { error: { message: 'model overloaded' } } }))
      expect(await (await s.start())(example, attempt)).toEqual(local)
      expect(s.logs).toEqual([
        expect.objectContaining({
          level: 'warn',
          obj: expect.objectContaining({ reason: 'http', err: expect.stringContaining('500') }),
        }),
      ])
    })

    it('on an answer slower than the time-out (timeout), without waiting for it', async () => {
      const s = setup(async () => {
        await new Promise((r) => setTimeout(r, 1_500))
        return completion(JSON.stringify(modelAnswer))
      })
      const evaluator = await s.start()
      const started = Date.now()
      expect(await evaluator(example, attempt)).toEqual(local)
      expect(Date.now() - started).toBeLessThan(1_200)
      expect(s.logs).toEqual([
        expect.objectContaining({
          level: 'warn',
          obj: expect.objectContaining({
            reason: 'timeout',
            err: expect.stringContaining('300 ms'),
          }),
        }),
      ])
    })

    it('when the evaluation prompt is empty, without calling the model', async () => {
      const s = setup(() => completion(JSON.stringify(modelAnswer)))
      const evaluator = await s.start()
      s.setPrompt('   ')
      expect(await evaluator(example, attempt)).toEqual(local)
      expect(peer!.requests).toHaveLength(0)
      expect(s.logs[0]).toMatchObject({
        level: 'warn',
        obj: { reason: 'invalid', err: 'the evaluation prompt is empty' },
      })
    })
  })

  describe('transcription guard', () => {
    // "hormo" changes an idiom word: major under the rubric, whatever a model reads into it.
    const typo: EvaluatorAttempt = {
      ...attempt,
      userTranscription: 'Si no entrego el informe mañana estoy al hormo.',
    }
    const lenient = {
      ...modelAnswer,
      transcriptionAccuracy: 'perfect',
      transcriptionFeedback: 'Perfect!',
      mistakeType: 'none',
      missedWords: [],
      targetWords: [],
    }

    it('keeps the local major transcription grade when the model calls it perfect, and the model translation grade', async () => {
      const local = evaluate(example, typo)
      expect(local.transcriptionAccuracy).toBe('major')
      const s = setup(() => completion(JSON.stringify(lenient)))
      const result = await (await s.start())(example, typo)
      expect(result).toEqual({
        transcriptionAccuracy: 'major',
        transcriptionFeedback: local.transcriptionFeedback,
        translationAccuracy: 'perfect',
        translationFeedback: lenient.translationFeedback,
        englishTranslation: example.translation,
        mistakeType: local.mistakeType,
        missedWords: local.missedWords,
        targetWords: local.targetWords,
      })
      expect(result.missedWords).not.toEqual([])
      expect(s.logs).toEqual([
        expect.objectContaining({
          level: 'info',
          obj: expect.objectContaining({ llm: 'perfect', local: 'major' }),
        }),
      ])
    })

    it('leaves a model grade alone when the local engine does not call the transcription major', async () => {
      const s = setup(() =>
        completion(
          JSON.stringify({ ...lenient, translationAccuracy: 'major', mistakeType: 'literal' }),
        ),
      )
      const result = await (await s.start())(example, attempt)
      expect(evaluate(example, attempt).transcriptionAccuracy).not.toBe('major')
      expect(result).toMatchObject({
        transcriptionAccuracy: 'perfect',
        translationAccuracy: 'major',
        mistakeType: 'literal',
      })
      expect(s.logs).toEqual([])
    })
  })
})

describe('asyncEvaluator', () => {
  it('gives the local engine the server evaluator shape', async () => {
    await expect(asyncEvaluator(evaluate)(example, attempt)).resolves.toEqual(
      evaluate(example, attempt),
    )
  })
})
