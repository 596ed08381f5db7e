import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../config.js'
import { createTokenVerifier, userIssuer } from './auth.js'

const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3999', DATA_DIR: 'memory://' }).oidc

async function keys() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  const jwks: JSONWebKeySet = { keys: [jwk] }
  const mint = (expSeconds: number, sub = 'learner-1') =>
    new SignJWT({ iss: config.issuer, aud: config.audience, sub })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expSeconds)
      .sign(privateKey)
  return { jwks, mint }
}

describe('createTokenVerifier', () => {
  afterEach(() => vi.useRealTimers())

  it('verifies a token once and still refuses it after it expires', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 5, 12), toFake: ['Date'] })
    const { jwks, mint } = await keys()
    const verify = createTokenVerifier(config, () => jwks)
    const token = await mint(30)
    const first = await verify(token)
    expect(first).toMatchObject({ subject: 'learner-1', issuer: userIssuer(config) })
    expect(await verify(token)).toEqual(first)
    // Past exp and the 60 s leeway: refused, cached or not.
    vi.setSystemTime(Date.UTC(2026, 0, 5, 12) + 91_000)
    await expect(verify(token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('refuses a token whose signature does not match, next to a verified one', async () => {
    const { jwks, mint } = await keys()
    const verify = createTokenVerifier(config, () => jwks)
    const token = await mint(300)
    await verify(token)
    const [header, payload, signature] = token.split('.')
    const other = Buffer.from(
      JSON.stringify({
        iss: config.issuer,
        aud: config.audience,
        sub: 'admin',
        exp: 9_999_999_999,
      }),
    ).toString('base64url')
    await expect(verify(`${header}.${other}.${signature}`)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    })
    expect(payload).toBeTruthy()
  })

  it('forgets verified tokens when the key set changes', async () => {
    const a = await keys()
    const b = await keys()
    let current = a.jwks
    const verify = createTokenVerifier(config, () => current)
    const token = await a.mint(300)
    await verify(token)
    current = b.jwks // key a rotated out
    await expect(verify(token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
  })
})
