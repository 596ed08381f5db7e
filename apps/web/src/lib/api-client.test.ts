import { api } from '@che/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { json } from '../test/fetch-stub'
import { ApiError, call, configureApiClient, errorMessage, toSearch, upload } from './api-client'

const fetchMock = vi.fn<typeof fetch>()
const logError = vi.fn()
const onUnauthorized = vi.fn()
let token: string | null = null

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  token = null
  configureApiClient({ getAccessToken: () => token, onUnauthorized, logError })
})

afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
  logError.mockReset()
  onUnauthorized.mockReset()
})

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit]
  return { url, init, headers: new Headers(init.headers) }
}

describe('call', () => {
  it('parses the response with the contract schema', async () => {
    fetchMock.mockResolvedValue(json({ inBeta: true, betaVerified: false }))
    await expect(call(api.settingsGet)).resolves.toEqual({ inBeta: true, betaVerified: false })
    const { url, init, headers } = lastRequest()
    expect(url).toBe('/api/settings')
    expect(init.method).toBe('GET')
    expect(init.body).toBeUndefined()
    expect(headers.get('Authorization')).toBeNull()
  })

  it('sends a JSON body and the bearer token when signed in', async () => {
    token = 'abc.def.ghi'
    fetchMock.mockResolvedValue(json({ ok: true }))
    await call(api.betaVerify, { body: { password: 'mate' } })
    const { url, init, headers } = lastRequest()
    expect(url).toBe('/api/beta/verify')
    expect(init.method).toBe('POST')
    expect(headers.get('Content-Type')).toBe('application/json')
    expect(headers.get('Authorization')).toBe('Bearer abc.def.ghi')
    expect(JSON.parse(init.body as string)).toEqual({ password: 'mate' })
  })

  it('fills path parameters and omits empty query parameters', async () => {
    fetchMock.mockResolvedValue(json({}, 200))
    await call(api.exercisesNext, { query: { usage: 'common', tone: undefined, tz: '' } }).catch(
      () => undefined,
    )
    expect(lastRequest().url).toBe('/api/exercises/next?usage=common')
    await call(api.idiomGet, { params: { id: '6f1c2a52-3c1e-4a47-9d86-0d8e1b1f4b10' } }).catch(
      () => undefined,
    )
    expect(lastRequest().url).toBe('/api/idiom/6f1c2a52-3c1e-4a47-9d86-0d8e1b1f4b10')
  })

  it("throws an ApiError with the body's message, status, code and details", async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Password is required',
          details: { field: 'password' },
        },
        400,
      ),
    )
    const error = await call(api.betaVerify, { body: { password: 'x' } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      message: 'Password is required',
      status: 400,
      code: 'VALIDATION_FAILED',
      details: { field: 'password' },
      fromServer: true,
    })
  })

  it("uses 'Request failed with status {status}' when the body has no message", async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }))
    const error = await call(api.settingsGet).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      message: 'Request failed with status 502',
      status: 502,
      code: undefined,
    })
    expect(errorMessage(error, 'Failed to fetch settings')).toBe('Failed to fetch settings')
  })

  it('logs the error, then rethrows it', async () => {
    fetchMock.mockResolvedValue(json({ code: 'INTERNAL', message: 'Boom' }, 500))
    const error = await call(api.settingsGet).catch((e: unknown) => e)
    expect(logError).toHaveBeenCalledWith(error, 'GET /api/settings')
  })

  it('logs and rethrows network failures as they are', async () => {
    const failure = new TypeError('Failed to fetch')
    fetchMock.mockRejectedValue(failure)
    await expect(call(api.settingsGet)).rejects.toBe(failure)
    expect(logError).toHaveBeenCalledWith(failure, 'GET /api/settings')
  })

  it('rejects a response that does not match the contract', async () => {
    fetchMock.mockResolvedValue(json({ inBeta: 'yes' }))
    await expect(call(api.settingsGet)).rejects.toThrow()
    expect(logError).toHaveBeenCalled()
  })

  it('reports a 401 to the auth layer when a token was sent', async () => {
    token = 'expired'
    fetchMock.mockResolvedValue(json({ code: 'UNAUTHENTICATED', message: 'Sign in again' }, 401))
    await expect(call(api.usersSync, { body: {} })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    })
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('does not report a 401 for anonymous calls', async () => {
    fetchMock.mockResolvedValue(json({ code: 'UNAUTHENTICATED', message: 'Sign in' }, 401))
    await expect(call(api.usersSync, { body: {} })).rejects.toBeInstanceOf(ApiError)
    expect(onUnauthorized).not.toHaveBeenCalled()
  })
})

describe('upload', () => {
  it('posts multipart form data with the file field and extra fields', async () => {
    const example = {
      exampleId: '6f1c2a52-3c1e-4a47-9d86-0d8e1b1f4b10',
      idiomId: '6f1c2a52-3c1e-4a47-9d86-0d8e1b1f4b11',
      text: 'Che, ¿qué hacés?',
      conjugatedSnippet: 'qué hacés',
      translation: "Hey, what's up?",
      source: '',
      audio: { url: '/audio/x.ogg', voice: 'ana', kind: 'recorded' },
      isNew: false,
      idiom: { text: '¿qué hacés?', translation: "what's up?", tone: 'Casual', usage: 9 },
    }
    fetchMock.mockResolvedValue(json(example))
    const file = new File(['RIFF'], 'take-1.wav', { type: 'audio/wav' })
    await expect(
      upload(api.adminExampleAudio, {
        file,
        fields: { exampleId: example.exampleId, skip: undefined },
      }),
    ).resolves.toEqual(example)
    const { url, init, headers } = lastRequest()
    expect(url).toBe('/api/admin/example-audio')
    expect(init.method).toBe('POST')
    // The browser sets the multipart boundary itself.
    expect(headers.get('Content-Type')).toBeNull()
    const form = init.body as FormData
    expect(form.get('exampleId')).toBe(example.exampleId)
    expect(form.has('skip')).toBe(false)
    expect((form.get('file') as File).name).toBe('take-1.wav')
  })
})

describe('toSearch', () => {
  it('leaves out empty values', () => {
    expect(toSearch({ a: '', b: undefined, c: null, d: 0, e: 'x' })).toBe('?d=0&e=x')
    expect(toSearch({})).toBe('')
  })
})
