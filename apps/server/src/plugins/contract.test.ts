import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, allows, buildPath, type Endpoint, type Role } from '@che/core'
import { bearer, startTestApp, type TestApp } from '../test/support.js'

const CALLERS = ['anonymous', 'learner', 'editor', 'admin'] as const
type CallerName = (typeof CALLERS)[number]

/** The guard's verdict for a caller, as the contract declares it. */
function expected(access: Endpoint['access'], caller: CallerName): 401 | 403 | 'pass' {
  if (allows(access, caller === 'anonymous' ? undefined : (caller as Role))) return 'pass'
  return caller === 'anonymous' ? 401 : 403
}

describe('the contract guard', () => {
  let t: TestApp
  const tokens: Partial<Record<CallerName, string>> = {}

  beforeAll(async () => {
    t = await startTestApp()
    for (const role of ['learner', 'editor', 'admin'] as const) {
      tokens[role] = (await t.userWithRole(role)).token
    }
  })
  afterAll(() => t.close())

  const cases = Object.entries(api).flatMap(([name, endpoint]) =>
    CALLERS.map((caller) => ({ name, endpoint: endpoint as Endpoint, caller })),
  )

  it.each(cases)(
    '$name ($endpoint.method $endpoint.path) × $caller',
    async ({ endpoint, caller }) => {
      const url = buildPath(endpoint.path, { id: '00000000-0000-4000-8000-000000000000' })
      const token = tokens[caller as Exclude<CallerName, 'anonymous'>]
      const res = await t.app.inject({
        method: endpoint.method,
        url,
        headers: token ? bearer(token) : {},
        ...(endpoint.method === 'POST' && !endpoint.multipart ? { payload: {} } : {}),
      })
      const verdict = expected(endpoint.access, caller)
      if (verdict === 'pass') {
        expect([401, 403]).not.toContain(res.statusCode)
      } else {
        expect(res.statusCode).toBe(verdict)
        expect(res.json()).toMatchObject({
          code: verdict === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN',
        })
      }
    },
  )

  it('answers 501 NOT_IMPLEMENTED, after the guard, for a call not built yet', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/resetcaches',
      headers: bearer(tokens.admin!),
    })
    if (res.statusCode === 501) {
      expect(res.json()).toEqual({ code: 'NOT_IMPLEMENTED', message: expect.any(String) })
    } else {
      expect(res.statusCode).toBe(200)
    }
  })

  it('refuses a token signed by someone else', async () => {
    const { generateKeyPair, SignJWT } = await import('jose')
    const { privateKey } = await generateKeyPair('RS256')
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(t.config.oidc.issuer)
      .setAudience(t.config.oidc.audience)
      .setSubject('intruder')
      .setExpirationTime('1h')
      .sign(privateKey)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/sync',
      headers: bearer(forged),
      payload: {},
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('UNAUTHENTICATED')
  })

  it('refuses a token for another audience, an expired one and an HS256 one', async () => {
    const wrongAud = await t.tokenFor('x', { aud: 'someone-else' })
    const { SignJWT } = await import('jose')
    const expired = await t.tokenFor('x', { exp: Math.floor(Date.now() / 1000) - 120 })
    const hs = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(t.config.oidc.issuer)
      .setAudience(t.config.oidc.audience)
      .setSubject('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-shared-secret-of-enough-length-000'))
    for (const token of [wrongAud, expired, hs]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/sync',
        headers: bearer(token),
        payload: {},
      })
      expect(res.statusCode).toBe(401)
    }
  })

  it('accepts a token that expired less than 60 s ago (clock leeway)', async () => {
    const { user, token: _ } = await t.userWithRole('learner')
    const recent = await t.tokenFor(user.subject, { exp: Math.floor(Date.now() / 1000) - 30 })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/sync',
      headers: bearer(recent),
      payload: {},
    })
    expect(res.statusCode).toBe(200)
  })

  it('answers an unknown API path with a NOT_FOUND body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) })
  })
})
