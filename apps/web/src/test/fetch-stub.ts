import { afterEach, beforeEach, type Mock, vi } from 'vitest'
import { configureApiClient } from '../lib/api-client'

/** A JSON Response as the server sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export type Handler = (
  url: URL,
  init: RequestInit | undefined,
) => Response | Promise<Response> | undefined

/**
 * Stub global fetch with route handlers keyed by "METHOD /path"; unknown calls get a 404 body.
 * Returns the mock, whose calls the tests read.
 */
export function stubFetch(routes: Record<string, Handler>) {
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const handler = routes[`${method} ${url.pathname}`]
    const response = handler ? await handler(url, init) : undefined
    return (
      response ?? json({ code: 'NOT_FOUND', message: `No stub for ${method} ${url.pathname}` }, 404)
    )
  })
  vi.stubGlobal('fetch', mock)
  return mock
}

/** The calls made to one "METHOD /path". */
export function callsTo(
  mock: ReturnType<typeof stubFetch>,
  route: string,
): (RequestInit | undefined)[] {
  const [method, path] = route.split(' ')
  return mock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost')
      return (init?.method ?? 'GET').toUpperCase() === method && url.pathname === path
    })
    .map(([, init]) => init)
}

/** What the API client sends as the bearer token: a string, or none (null, undefined). */
type Token = string | null | undefined

/**
 * Registers, for each test of the calling file: before it, the API client sends `token` and logs
 * no errors; after it, every global a test stubbed (fetch through stubFetch, matchMedia…) is
 * restored. Call it once at the top level of a test file.
 */
export function configureApiClientForEachTest({ token }: { token: Token }): void {
  beforeEach(() => {
    configureApiClient({ getAccessToken: () => token, logError: () => {} })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
}

/**
 * configureApiClientForEachTest with one fetch mock for the whole file: stubbed as the global
 * fetch before each test, and reset after it, so no answer and no call carries over. Each test
 * gives it its answers (mockResolvedValue, mockImplementation) and reads its calls.
 */
export function mockFetchForEachTest({ token }: { token: Token }): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    configureApiClient({ getAccessToken: () => token, logError: () => {} })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    fetchMock.mockReset()
  })
  return fetchMock
}
