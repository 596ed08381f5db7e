import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/support.js'

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => ok(port))
    })
  })
}

describe('another address of the same machine and port', () => {
  let t: TestApp
  let port: number

  beforeAll(async () => {
    port = await freePort()
    t = await startTestApp({ PUBLIC_URL: `http://localhost:${port}` }, { contentDir: false })
    await t.app.listen({ port, host: '127.0.0.1' })
  }, 180_000)
  afterAll(() => t.close())

  const at127 = (path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual', ...init })

  it('redirects a page navigation to the public origin, keeping path and query', async () => {
    const res = await at127('/app/dashboard?tab=calendar')
    expect(res.status).toBe(308)
    expect(res.headers.get('location')).toBe(`http://localhost:${port}/app/dashboard?tab=calendar`)
    const home = await at127('/')
    expect(home.headers.get('location')).toBe(`http://localhost:${port}/`)
  })

  it('answers an API or sign-in call with 421 WRONG_ADDRESS naming the address to open', async () => {
    for (const [path, method] of [
      ['/api/settings', 'GET'],
      ['/api/users/sync', 'POST'],
      ['/oidc/.well-known/openid-configuration', 'GET'],
    ] as const) {
      const res = await at127(path, { method })
      expect(res.status, path).toBe(421)
      expect(await res.json()).toEqual({
        code: 'WRONG_ADDRESS',
        message: `This server answers at http://localhost:${port}, not at http://127.0.0.1:${port}: open http://localhost:${port}/ instead`,
        details: { publicUrl: `http://localhost:${port}` },
      })
    }
  })

  it('serves the public origin itself, and health checks at any address', async () => {
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { host: `localhost:${port}` },
    })
    expect(api.statusCode).not.toBe(421)
    expect((await at127('/healthz')).status).toBe(200)
  })

  it('leaves requests on another port alone (a reverse proxy or a test client)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/dashboard',
      headers: { host: '127.0.0.1:8080' },
    })
    expect(res.statusCode).not.toBe(308)
  })
})
