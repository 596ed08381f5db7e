import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeSynthesizer, perfect, seedExample } from '../modules/exercises/exercises.fixtures.js'
import { bearer, startTestApp, type TestApp } from '../test/support.js'

describe('GET /metrics and request ids', () => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await startTestApp(
      { METRICS_TOKEN: 'scrape-me' },
      { contentDir: false, synthesizer: fakeSynthesizer() },
    )
    admin = (await t.userWithRole('admin')).token
  })
  afterAll(() => t.close())

  const scrape = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  it('wants the METRICS_TOKEN when one is set', async () => {
    expect((await scrape()).statusCode).toBe(401)
    expect((await scrape('wrong')).statusCode).toBe(401)
    expect((await scrape('scrape-me')).statusCode).toBe(200)
  })

  it('counts requests by route pattern and status, graded answers by engine and grade, and event-loop lag', async () => {
    const example = await seedExample(t, admin)
    const learner = await t.userWithRole('learner')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/exercises/evaluate',
      headers: bearer(learner.token),
      payload: { exampleId: example.exampleId, ...perfect(example) },
    })
    expect(res.statusCode, res.body).toBe(200)
    await t.app.inject({ method: 'GET', url: '/api/idioms/00000000-0000-4000-8000-000000000000' })
    const text = (await scrape('scrape-me')).body
    expect(text).toMatch(
      /che_http_request_duration_seconds_count\{method="POST",route="\/api\/exercises\/evaluate",status="200"\} 1/,
    )
    expect(text).toMatch(/che_evaluations_total\{engine="local",grade="perfect"\} 1/)
    expect(text).toContain('nodejs_eventloop_lag_seconds')
    expect(text).toContain('che_fallbacks_total')
    expect(text).toContain('che_db_pool_connections')
  })

  it('puts the request id in a response header and in the details of server errors', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'from-the-proxy-1' },
    })
    expect(res.headers['x-request-id']).toBe('from-the-proxy-1')
  })

  it.skipIf(process.env.CHE_TEST_DB === 'postgres')(
    'a server error names its request id in details (the id of the log lines)',
    async () => {
      const other = await startTestApp({}, { contentDir: false })
      const { token } = await other.userWithRole('learner')
      await other.database.close() // the in-memory database goes away under the app
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/exercises/stats',
        headers: bearer(token),
      })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({
        code: 'INTERNAL',
        message: 'Something went wrong on our side',
        details: { requestId: res.headers['x-request-id'] },
      })
      await other.app.close()
    },
  )
})
