import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startHttpPeer, type HttpPeer } from '../test/http-peer.js'
import { createLlmClient, LlmError } from './llm-client.js'

const reply = (content: unknown) => ({
  status: 200,
  json: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  },
})
const messages = [
  { role: 'system' as const, content: 'Be brief.' },
  { role: 'user' as const, content: 'Hola' },
]

/** The LlmError a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(LlmError)
  return err as LlmError
}

describe('llm client', () => {
  let peer: HttpPeer | undefined
  afterEach(async () => {
    await peer?.close()
    peer = undefined
  })
  const client = (url: string, key: { apiKey: string | undefined } = { apiKey: 'sk-test' }) =>
    createLlmClient(
      { baseUrl: `${url}/v1/`, apiKey: key.apiKey, model: 'test-model' },
      { timeoutMs: 2_000 },
    )

  describe('complete', () => {
    it('posts the chat-completions request with the key and returns the trimmed reply', async () => {
      peer = await startHttpPeer(() => reply('  Hola, che.\n'))
      expect(await client(peer.url).complete(messages)).toBe('Hola, che.')
      expect(peer.requests).toHaveLength(1)
      const req = peer.requests[0]!
      expect(req.method).toBe('POST')
      expect(req.path).toBe('/v1/chat/completions')
      expect(req.headers.authorization).toBe('Bearer sk-test')
      expect(req.headers['content-type']).toBe('application/json')
      expect(req.body).toEqual({ model: 'test-model', messages, temperature: 0 })
    })

    it('sends no Authorization header without a key, and passes temperature and max_tokens', async () => {
      peer = await startHttpPeer(() => reply('ok'))
      await client(peer.url, { apiKey: undefined }).complete(messages, {
        temperature: 0.2,
        maxTokens: 600,
      })
      expect(peer.requests[0]!.headers.authorization).toBeUndefined()
      expect(peer.requests[0]!.body).toMatchObject({ temperature: 0.2, max_tokens: 600 })
    })

    it('fails with kind http and the status on an error status', async () => {
      peer = await startHttpPeer(() => ({
        status: 500,
        json: { error: { message: 'overloaded' } },
      }))
      const err = await failure(client(peer.url).complete(messages))
      expect(err).toMatchObject({ kind: 'http', status: 500 })
      expect(err.message).toContain('overloaded')
    })

    it('fails with kind http when nothing listens', async () => {
      peer = await startHttpPeer(() => reply('never'))
      const url = peer.url
      await peer.close()
      peer = undefined
      expect((await failure(client(url).complete(messages))).kind).toBe('http')
    })

    it('fails with kind timeout when the answer is slower than the time-out', async () => {
      peer = await startHttpPeer(async () => {
        await new Promise((r) => setTimeout(r, 1_000))
        return reply('too late')
      })
      const started = Date.now()
      const err = await failure(client(peer.url).complete(messages, { timeoutMs: 300 }))
      expect(err.kind).toBe('timeout')
      expect(Date.now() - started).toBeLessThan(900)
    })

    it.each([
      ['no choices', { choices: [] }],
      ['an empty reply', { choices: [{ message: { content: '   ' } }] }],
      ['a non-text reply', { choices: [{ message: { content: null } }] }],
    ])('fails with kind invalid on %s', async (_, json) => {
      peer = await startHttpPeer(() => ({ status: 200, json }))
      expect((await failure(client(peer.url).complete(messages))).kind).toBe('invalid')
    })

    it('fails with kind invalid when the body is not JSON', async () => {
      const server = createServer((_req, res) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>proxy</h1>'),
      )
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
        const err = await failure(client(url).complete(messages))
        expect(err.kind).toBe('invalid')
        expect(err.message).toContain('<h1>proxy</h1>')
      } finally {
        server.closeAllConnections()
        await new Promise((r) => server.close(r))
      }
    })
  })

  describe('completeJson', () => {
    const Answer = z.object({
      grade: z.enum(['perfect', 'minor', 'major']),
      words: z.array(z.string()),
    })

    it('asks for a JSON object and returns the validated answer', async () => {
      peer = await startHttpPeer(() => reply('{"grade":"minor","words":["horno"],"extra":1}'))
      expect(await client(peer.url).completeJson(messages, Answer)).toEqual({
        grade: 'minor',
        words: ['horno'],
      })
      expect(peer.requests[0]!.body).toMatchObject({
        temperature: 0,
        response_format: { type: 'json_object' },
      })
    })

    it('reads JSON wrapped in a Markdown fence', async () => {
      peer = await startHttpPeer(() => reply('```json\n{"grade":"perfect","words":[]}\n```'))
      expect(await client(peer.url).completeJson(messages, Answer)).toEqual({
        grade: 'perfect',
        words: [],
      })
    })

    it('returns the parsed JSON unchecked without a schema', async () => {
      peer = await startHttpPeer(() => reply('{"anything":[1,2]}'))
      expect(await client(peer.url).completeJson(messages)).toEqual({ anything: [1, 2] })
    })

    it('fails with kind invalid on text that is not JSON', async () => {
      peer = await startHttpPeer(() => reply('The transcription is perfect!'))
      const err = await failure(client(peer.url).completeJson(messages, Answer))
      expect(err.kind).toBe('invalid')
      expect(err.message).toContain('not JSON')
    })

    it('fails with kind invalid and names the fields when the JSON fails the schema', async () => {
      peer = await startHttpPeer(() => reply('{"grade":"minor errors"}'))
      const err = await failure(client(peer.url).completeJson(messages, Answer))
      expect(err.kind).toBe('invalid')
      expect(err.message).toMatch(/grade:.*words:/)
    })
  })
})
