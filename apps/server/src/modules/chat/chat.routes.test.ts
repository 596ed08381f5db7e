import { afterEach, describe, expect, it } from 'vitest'
import { createKvRepo } from '../settings/settings.repo.js'
import { prompts } from '../../db/schema.js'
import { startHttpPeer, type HttpPeer } from '../../test/http-peer.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'

describe('help chat routes', () => {
  let t: TestApp
  let peer: HttpPeer | undefined
  afterEach(async () => {
    await t.close()
    await peer?.close()
    peer = undefined
  })

  const ask = (question: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/chat', headers, payload: { question } })

  describe('without a model', () => {
    it('answers an anonymous visitor with the Playroom section', async () => {
      t = await startTestApp()
      const res = await ask('how do I unlock the Playroom?')
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body).toEqual({
        answer: expect.stringContaining('clear your calendar'),
        sources: expect.any(Array),
        known: true,
      })
      expect(body.sources[0]).toEqual({
        title: 'How the Playroom unlocks',
        url: '/chat#how-the-playroom-unlocks',
        excerpt: expect.stringContaining('Playroom'),
      })
    })

    it('says it does not know a nonsense question and points to the bug report form', async () => {
      t = await startTestApp()
      const res = await ask('zorblax quibbit flumm?')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        answer: expect.stringContaining('/app/bugreport'),
        sources: [],
        known: false,
      })
    })

    it('works for a signed-in user and ignores a stale token', async () => {
      t = await startTestApp()
      const { token } = await t.userWithRole('learner')
      expect((await ask('what is the beta password', bearer(token))).json().known).toBe(true)
      expect((await ask('what is the beta password', bearer('not-a-token'))).statusCode).toBe(200)
    })

    it('refuses an empty, blank or too long question', async () => {
      t = await startTestApp()
      for (const question of ['', '   ', 'x'.repeat(501), 42]) {
        const res = await ask(question)
        expect(res.statusCode).toBe(400)
        expect(res.json().code).toBe('VALIDATION_FAILED')
      }
    })

    it('limits each address to 20 questions a minute', async () => {
      t = await startTestApp()
      const statuses: number[] = []
      for (let i = 0; i < 21; i++) statuses.push((await ask('reset caches')).statusCode)
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true)
      expect(statuses[20]).toBe(429)
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/chat',
        remoteAddress: '203.0.113.9',
        payload: { question: 'reset caches' },
      })
      expect(elsewhere.statusCode).toBe(200)
    })
  })

  describe('with a model', () => {
    const llm = (url: string) => ({
      LLM_BASE_URL: `${url}/v1`,
      LLM_API_KEY: 'llm-key',
      LLM_MODEL: 'help-model',
    })

    it('answers with the model from the admin prompt and the retrieved passages', async () => {
      peer = await startHttpPeer((req) => {
        if (req.path !== '/v1/chat/completions' || req.headers.authorization !== 'Bearer llm-key') {
          return { status: 404, json: { error: { message: 'wrong call' } } }
        }
        return {
          status: 200,
          json: {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: 'Do every due exercise; then the Playroom opens.',
                },
                finish_reason: 'stop',
              },
            ],
          },
        }
      })
      t = await startTestApp(llm(peer.url))
      await createKvRepo(t.database.db, prompts).set(
        'chat',
        'You are the Che Idioms helper. Use only the passages.',
      )

      const res = await ask('how do I unlock the Playroom?')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        answer: 'Do every due exercise; then the Playroom opens.',
        sources: expect.arrayContaining([
          expect.objectContaining({ url: '/chat#how-the-playroom-unlocks' }),
        ]),
        known: true,
      })
      expect(peer.requests).toHaveLength(1)
      const sent = peer.requests[0]!.body as {
        model: string
        messages: { role: string; content: string }[]
      }
      expect(sent.model).toBe('help-model')
      expect(sent.messages[0]).toEqual({
        role: 'system',
        content: 'You are the Che Idioms helper. Use only the passages.',
      })
      expect(sent.messages[1]!.role).toBe('user')
      expect(sent.messages[1]!.content).toContain('how do I unlock the Playroom?')
      expect(sent.messages[1]!.content).toContain('Unlock the Playroom by clearing your calendar')
    })

    it.each([
      ['an error status', { status: 500, json: { error: { message: 'overloaded' } } }],
      ['a reply without choices', { status: 200, json: { choices: [] } }],
    ])('falls back to the help pages on %s', async (_, reply) => {
      peer = await startHttpPeer(() => reply)
      t = await startTestApp(llm(peer.url))
      const res = await ask('how do I unlock the Playroom?')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        known: true,
        answer: expect.stringContaining('/chat#how-the-playroom-unlocks'),
      })
      expect(peer.requests).toHaveLength(1)
    })

    it('does not call the model for a question the help does not cover', async () => {
      peer = await startHttpPeer(() => ({
        status: 200,
        json: { choices: [{ message: { content: 'made up' } }] },
      }))
      t = await startTestApp(llm(peer.url))
      expect((await ask('best pizza recipe')).json().known).toBe(false)
      expect(peer.requests).toHaveLength(0)
    })
  })
})
