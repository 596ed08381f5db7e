import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startHttpPeer, type HttpPeer } from '../../test/http-peer.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { VISITOR_REPORT_LIMIT } from './bug-reports.service.js'

const UA = 'Mozilla/5.0 (X11; Linux x86_64) VisitorBrowser/2.0'
const URL_PATH = '/api/bug-reports/public'
const report = {
  problemType: "Can't log in",
  title: 'The sign-in page says my password is wrong',
  description: 'I reset it twice and still cannot get in.',
  contactEmail: 'visitor@example.org',
}

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

describe('bug reports from visitors without an account', () => {
  let t: TestApp
  let peer: HttpPeer | undefined
  afterEach(async () => {
    await t.close()
    await peer?.close()
    peer = undefined
  })

  const file = (payload: object, remoteAddress = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: URL_PATH,
      headers: { 'user-agent': UA },
      remoteAddress,
      payload,
    })
  const listAll = async () => {
    const admin = (await t.userWithRole('admin')).token
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bugreports?status=all',
      headers: bearer(admin),
    })
    expect(res.statusCode).toBe(200)
    return res.json() as Record<string, unknown>[]
  }

  it('stores a report sent over HTTP without a token, marked as from a visitor with the contact address', async () => {
    const now = new Date('2026-04-02T08:30:00.000Z')
    const port = await freePort()
    t = await startTestApp(
      { PUBLIC_URL: `http://127.0.0.1:${port}` },
      { clock: () => now, contentDir: false },
    )
    await t.app.listen({ port, host: '127.0.0.1' })

    const res = await fetch(`http://127.0.0.1:${port}${URL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': UA },
      body: JSON.stringify({ ...report, contactEmail: '  visitor@example.org ', website: '' }),
    })
    expect(res.status).toBe(200)
    const sent = (await res.json()) as { id: string; url: string | null }
    expect(sent).toEqual({ id: expect.any(String), url: null })

    expect(await listAll()).toEqual([
      {
        id: sent.id,
        title: report.title,
        body: report.description,
        labels: ["Can't log in"],
        exampleId: null,
        userAgent: UA,
        status: 'open',
        githubUrl: null,
        createdAt: now.toISOString(),
        closedAt: null,
        reporter: null,
        fromVisitor: true,
        contactEmail: 'visitor@example.org',
      },
    ])
  })

  it('accepts a report without a contact address', async () => {
    t = await startTestApp({}, { contentDir: false })
    const { contactEmail: _, ...anonymous } = report
    expect((await file({ ...anonymous, problemType: 'Page layout is broken' })).statusCode).toBe(
      200,
    )
    expect((await file({ ...anonymous, contactEmail: '' }, '203.0.113.8')).statusCode).toBe(200)
    const stored = await listAll()
    expect(stored.map((r) => [r.fromVisitor, r.contactEmail, r.reporter])).toEqual([
      [true, null, null],
      [true, null, null],
    ])
  })

  it('refuses bad input with VALIDATION_FAILED and stores nothing', async () => {
    t = await startTestApp({}, { contentDir: false })
    const bad = [
      { ...report, title: '   ' },
      { ...report, description: '\n\t ' },
      { ...report, description: 'x'.repeat(2001) },
      { ...report, title: 'x'.repeat(201) },
      { ...report, problemType: 'Something else' },
      // The exercise problems need an account to make sense.
      { ...report, problemType: 'Audio does not play' },
      { ...report, contactEmail: 'not an address' },
      { ...report, contactEmail: `${'a'.repeat(250)}@example.org` },
      { ...report, website: 'http://spam.example' },
      { title: report.title, description: report.description },
    ]
    for (const [i, payload] of bad.entries()) {
      // Each from its own address: the limit must not be what refuses them.
      const res = await file(payload, `198.51.100.${i + 1}`)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 90)).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.any(Array) })
    }
    expect(await listAll()).toEqual([])
  })

  it(`allows ${VISITOR_REPORT_LIMIT.perAddress} reports per address in ten minutes, then answers 429 with Retry-After`, async () => {
    t = await startTestApp({}, { contentDir: false })
    for (let i = 0; i < VISITOR_REPORT_LIMIT.perAddress; i++) {
      expect((await file(report)).statusCode).toBe(200)
    }
    const over = await file(report)
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) })
    const retryAfter = Number(over.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(VISITOR_REPORT_LIMIT.windowMs / 1000)
    expect(await listAll()).toHaveLength(VISITOR_REPORT_LIMIT.perAddress)

    // Another address still gets through.
    expect((await file(report, '203.0.113.99')).statusCode).toBe(200)
  })

  it(`caps all visitors together at ${VISITOR_REPORT_LIMIT.overall} reports in ten minutes`, async () => {
    t = await startTestApp({}, { contentDir: false })
    for (let i = 0; i < VISITOR_REPORT_LIMIT.overall; i++) {
      expect((await file(report, `10.0.${Math.floor(i / 200)}.${(i % 200) + 1}`)).statusCode).toBe(
        200,
      )
    }
    const over = await file(report, '192.0.2.200')
    expect(over.statusCode).toBe(429)
    expect(over.headers['retry-after']).toBeDefined()
    expect(await listAll()).toHaveLength(VISITOR_REPORT_LIMIT.overall)
    // Signed-in users keep their own form.
    const { token } = await t.userWithRole('learner')
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reportbug',
      headers: bearer(token),
      payload: { title: 'x', body: 'y', labels: ["Can't log in"] },
    })
    expect(signedIn.statusCode).toBe(200)
  })

  it('does not let an anonymous caller or a learner read the reports', async () => {
    t = await startTestApp({}, { contentDir: false })
    expect((await file(report)).statusCode).toBe(200)
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/bugreports' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
    const { token } = await t.userWithRole('learner')
    const learner = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bugreports',
      headers: bearer(token),
    })
    expect(learner.statusCode).toBe(403)
    expect(learner.json()).toMatchObject({ code: 'FORBIDDEN' })
  })

  it('files a GitHub issue by a visitor, without the contact address', async () => {
    peer = await startHttpPeer((req) =>
      req.method === 'POST' && req.path === '/repos/che-idioms/che-idioms/issues'
        ? {
            status: 201,
            json: { number: 7, html_url: 'https://github.com/che-idioms/che-idioms/issues/7' },
          }
        : { status: 404, json: { message: 'Not Found' } },
    )
    t = await startTestApp(
      {
        GITHUB_TOKEN: 'gh-test-token',
        GITHUB_REPO: 'che-idioms/che-idioms',
        GITHUB_API_URL: peer.url,
      },
      { contentDir: false },
    )
    const res = await file({
      ...report,
      description: `${report.description} Write to visitor@example.org please.`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: expect.any(String),
      url: 'https://github.com/che-idioms/che-idioms/issues/7',
    })
    expect(peer.requests).toHaveLength(1)
    const sent = peer.requests[0]!.body as { title: string; body: string; labels: string[] }
    expect(sent.title).toBe(report.title)
    expect(sent.labels).toEqual(["Can't log in"])
    expect(sent.body).toContain(report.description)
    expect(sent.body).toContain('by a visitor without an account')
    expect(sent.body).toContain(UA)
    expect(JSON.stringify(sent)).not.toContain('visitor@example.org')

    const [stored] = await listAll()
    expect(stored).toMatchObject({
      githubUrl: 'https://github.com/che-idioms/che-idioms/issues/7',
      contactEmail: 'visitor@example.org',
      fromVisitor: true,
    })
  })
})
