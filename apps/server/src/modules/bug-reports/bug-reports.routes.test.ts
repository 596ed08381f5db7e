import { afterEach, describe, expect, it } from 'vitest'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { startHttpPeer, type HttpPeer } from '../../test/http-peer.js'

const EXAMPLE_ID = '3f1c2b8e-4d5a-4c6b-9e7f-0a1b2c3d4e5f'
const UA = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0'
const report = {
  title: 'The audio stops halfway',
  body: 'On this sentence the recording stops after two seconds.',
  labels: ['Audio does not play'],
  exampleId: EXAMPLE_ID,
}

describe('bug-report routes', () => {
  let t: TestApp
  let peer: HttpPeer | undefined
  afterEach(async () => {
    await t.close()
    await peer?.close()
    peer = undefined
  })

  const file = (token: string, payload: object = report) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/reportbug',
      headers: { ...bearer(token), 'user-agent': UA },
      payload,
    })
  const list = (token: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/bugreports${query}`, headers: bearer(token) })

  describe('filing', () => {
    it('stores the report with its reporter, example, user agent and time', async () => {
      const now = new Date('2026-03-01T12:00:00.000Z')
      t = await startTestApp({}, { clock: () => now })
      const { user, token } = await t.userWithRole('learner', 'Lucía Pérez')
      const admin = (await t.userWithRole('admin')).token

      const res = await file(token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ id: expect.any(String), url: null })

      const listed = await list(admin)
      expect(listed.statusCode).toBe(200)
      expect(listed.json()).toEqual([
        {
          id: res.json().id,
          title: report.title,
          body: report.body,
          labels: report.labels,
          exampleId: EXAMPLE_ID,
          userAgent: UA,
          status: 'open',
          githubUrl: null,
          createdAt: now.toISOString(),
          closedAt: null,
          reporter: { userId: user.id, name: 'Lucía Pérez', email: user.email },
          fromVisitor: false,
          contactEmail: null,
        },
      ])
    })

    it('accepts a report without an example', async () => {
      t = await startTestApp()
      const { token } = await t.userWithRole('learner')
      const { exampleId: _, ...withoutExample } = report
      const res = await file(token, withoutExample)
      expect(res.statusCode).toBe(200)
      const admin = (await t.userWithRole('admin')).token
      expect((await list(admin)).json()[0].exampleId).toBeNull()
    })

    it('refuses blank, whitespace-only and oversized fields with VALIDATION_FAILED and stores nothing', async () => {
      t = await startTestApp()
      const { token } = await t.userWithRole('learner')
      const bad = [
        { ...report, title: '   ' },
        { ...report, body: '\n\t  ' },
        { ...report, title: 'x'.repeat(201) },
        { ...report, body: 'x'.repeat(10_001) },
        { ...report, labels: [] },
        { ...report, labels: ['   '] },
        { ...report, labels: ['something else'] },
        { ...report, exampleId: 'not-a-uuid' },
        { title: report.title, labels: report.labels },
      ]
      for (const payload of bad) {
        const res = await file(token, payload)
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.any(Array) })
      }
      const admin = (await t.userWithRole('admin')).token
      expect((await list(admin, '?status=all')).json()).toEqual([])
    })

    it('needs a signed-in user', async () => {
      t = await startTestApp()
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/reportbug',
        payload: report,
      })
      expect(res.statusCode).toBe(401)
    })

    it('limits each user to five reports in ten minutes', async () => {
      let now = new Date('2026-03-01T12:00:00.000Z')
      t = await startTestApp({}, { clock: () => now })
      const first = (await t.userWithRole('learner')).token
      const second = (await t.userWithRole('learner')).token
      for (let i = 0; i < 5; i++) expect((await file(first)).statusCode).toBe(200)

      const sixth = await file(first)
      expect(sixth.statusCode).toBe(429)
      expect(sixth.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) })
      expect((await file(second)).statusCode).toBe(200)

      now = new Date(now.getTime() + 10 * 60_000 + 1)
      expect((await file(first)).statusCode).toBe(200)
    })
  })

  describe('filing on GitHub', () => {
    const github = (url: string) => ({
      GITHUB_TOKEN: 'gh-test-token',
      GITHUB_REPO: 'che-idioms/che-idioms',
      GITHUB_API_URL: url,
    })

    it('files the report as an issue and keeps its address', async () => {
      peer = await startHttpPeer((req) => {
        const ok =
          req.method === 'POST' &&
          req.path === '/repos/che-idioms/che-idioms/issues' &&
          req.headers.authorization === 'Bearer gh-test-token'
        return ok
          ? {
              status: 201,
              json: { number: 42, html_url: 'https://github.com/che-idioms/che-idioms/issues/42' },
            }
          : { status: 404, json: { message: 'Not Found' } }
      })
      t = await startTestApp(github(peer.url))
      const { user, token } = await t.userWithRole('learner', 'Lucía Pérez')

      const res = await file(token, {
        ...report,
        body: `${report.body} Write to me at ${user.email}.`,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        id: expect.any(String),
        url: 'https://github.com/che-idioms/che-idioms/issues/42',
      })

      expect(peer.requests).toHaveLength(1)
      const sent = peer.requests[0]!
      expect(sent.headers['content-type']).toBe('application/json')
      expect(sent.body).toEqual({
        title: report.title,
        body: expect.any(String),
        labels: report.labels,
      })
      const body = (sent.body as { body: string }).body
      expect(body).toContain(report.body)
      expect(body).toContain(`Example: ${EXAMPLE_ID}`)
      expect(body).toContain('Lucía Pérez')
      expect(body).toContain(user.id)
      expect(body).toContain(UA)
      expect(body).not.toContain(user.email)

      const admin = (await t.userWithRole('admin')).token
      expect((await list(admin)).json()[0].githubUrl).toBe(
        'https://github.com/che-idioms/che-idioms/issues/42',
      )
    })

    it('keeps the report when GitHub fails', async () => {
      peer = await startHttpPeer(() => ({ status: 500, json: { message: 'Server Error' } }))
      t = await startTestApp(github(peer.url))
      const { token } = await t.userWithRole('learner')

      const res = await file(token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ id: expect.any(String), url: null })
      expect(peer.requests).toHaveLength(1)

      const admin = (await t.userWithRole('admin')).token
      expect((await list(admin)).json()).toEqual([
        expect.objectContaining({ id: res.json().id, status: 'open', githubUrl: null }),
      ])
    })

    it('keeps the report when GitHub cannot be reached', async () => {
      peer = await startHttpPeer(() => ({ status: 201, json: {} }))
      const url = peer.url
      await peer.close()
      peer = undefined
      t = await startTestApp(github(url))
      const { token } = await t.userWithRole('learner')
      const res = await file(token)
      expect(res.statusCode).toBe(200)
      expect(res.json().url).toBeNull()
    })
  })

  describe('the admin list and closing', () => {
    it('lists newest first, filters by status and problem type, and closes reports', async () => {
      let now = new Date('2026-03-01T12:00:00.000Z')
      t = await startTestApp({}, { clock: () => now })
      const learner = (await t.userWithRole('learner')).token
      const admin = (await t.userWithRole('admin')).token
      const audio = (await file(learner)).json().id as string
      now = new Date('2026-03-01T12:05:00.000Z')
      const layout = (
        await file(learner, {
          title: 'Overlap',
          body: 'Buttons overlap.',
          labels: ['Page layout is broken', 'mobile'],
        })
      ).json().id as string

      expect((await list(admin)).json().map((r: { id: string }) => r.id)).toEqual([layout, audio])
      const byType = await list(admin, `?type=${encodeURIComponent('Page layout is broken')}`)
      expect(byType.json().map((r: { id: string }) => r.id)).toEqual([layout])
      expect((await list(admin, '?type=mobile')).statusCode).toBe(400)

      now = new Date('2026-03-02T09:00:00.000Z')
      const closed = await t.app.inject({
        method: 'POST',
        url: `/api/admin/bugreports/${audio}/close`,
        headers: bearer(admin),
      })
      expect(closed.statusCode).toBe(200)
      expect(closed.json()).toMatchObject({
        id: audio,
        status: 'closed',
        closedAt: now.toISOString(),
      })

      now = new Date('2026-03-03T09:00:00.000Z')
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/admin/bugreports/${audio}/close`,
        headers: bearer(admin),
      })
      expect(again.json().closedAt).toBe('2026-03-02T09:00:00.000Z')

      expect((await list(admin)).json().map((r: { id: string }) => r.id)).toEqual([layout])
      expect((await list(admin, '?status=closed')).json().map((r: { id: string }) => r.id)).toEqual(
        [audio],
      )
      expect((await list(admin, '?status=all')).json()).toHaveLength(2)
    })

    it('answers NOT_FOUND for an unknown report and FORBIDDEN to learners', async () => {
      t = await startTestApp()
      const learner = (await t.userWithRole('learner')).token
      const admin = (await t.userWithRole('admin')).token
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/admin/bugreports/00000000-0000-4000-8000-000000000000/close',
        headers: bearer(admin),
      })
      expect(missing.statusCode).toBe(404)
      expect(missing.json().code).toBe('NOT_FOUND')
      expect((await list(learner)).statusCode).toBe(403)
    })
  })
})
