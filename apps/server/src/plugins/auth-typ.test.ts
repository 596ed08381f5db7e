import { randomUUID } from 'node:crypto'
import { importJWK, SignJWT, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSigningKeys, toPublicJwks } from '../idp/keys.js'
import { bearer, startTestApp, type TestApp } from '../test/support.js'
import { createTokenVerifier } from './auth.js'

describe('bearer tokens: typ at+jwt (RFC 9068)', () => {
  let t: TestApp
  let jwk: JWK
  beforeAll(async () => {
    t = await startTestApp({}, { contentDir: false })
    jwk = (await loadSigningKeys(t.database.db)).keys[0]!
  })
  afterAll(() => t.close())

  /** A token signed with the provider's own key, with the given header typ and claims. */
  async function sign(typ: string | undefined, claims: Record<string, unknown> = {}) {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({
      iss: t.config.oidc.issuer,
      aud: t.config.oidc.audience,
      sub: randomUUID(),
      iat: now,
      exp: now + 3600,
      email: 'someone@test.example',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, ...(typ ? { typ } : {}) })
      .sign(await importJWK(jwk, 'RS256'))
  }
  const sync = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/sync', headers: bearer(token), payload: {} })

  it('accepts an access token typed at+jwt', async () => {
    expect((await sync(await sign('at+jwt'))).statusCode).toBe(200)
  })

  it('refuses an ID token even when its audience is the API (typ JWT), and an untyped token', async () => {
    for (const token of [
      await sign('JWT', { nonce: 'n-0S6_WzA2Mj', at_hash: 'x' }),
      await sign(undefined),
    ]) {
      const res = await sync(token)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
    }
  })

  it('with OIDC_ACCESS_TOKEN_TYPE=any, accepts untyped access tokens but still refuses ID tokens', async () => {
    const verify = createTokenVerifier({ ...t.config.oidc, accessTokenType: 'any' }, () =>
      toPublicJwks({ keys: [jwk] }),
    )
    await expect(verify(await sign('JWT'))).resolves.toMatchObject({ subject: expect.any(String) })
    for (const idToken of [
      await sign('JWT', { nonce: 'abc' }),
      await sign('JWT', { at_hash: 'abc' }),
      await sign('JWT', { typ: 'ID' }),
    ]) {
      await expect(verify(idToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
    }
  })
})
