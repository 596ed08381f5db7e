import { randomBytes } from 'node:crypto'
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
} from 'jose'
import type { Db } from '../db/client.js'
import { loadOrCreateSecret } from '../lib/secrets.js'

const SIGNING_KEYS = 'oidc.signing-keys'
const COOKIE_KEYS = 'oidc.cookie-keys'

/** The RSA members a public JWK keeps; everything else (d, p, q, dp, dq, qi) is private. */
const PUBLIC_MEMBERS = ['kty', 'kid', 'use', 'alg', 'n', 'e'] as const

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }
}

/** The provider's private signing keys (RS256), generated on first start and kept in `secrets`. */
export async function loadSigningKeys(db: Db): Promise<{ keys: JWK[] }> {
  return loadOrCreateSecret(db, SIGNING_KEYS, async () => ({ keys: [await generateSigningKey()] }))
}

/** Keys that sign the provider's cookies; the first signs, all verify. */
export async function loadCookieKeys(db: Db): Promise<string[]> {
  return loadOrCreateSecret(db, COOKIE_KEYS, async () => [randomBytes(32).toString('base64url')])
}

/** The public half of a key set, safe to publish. */
export function toPublicJwks(jwks: { keys: JWK[] }): JSONWebKeySet {
  return {
    keys: jwks.keys.map((key) => {
      const pub: JWK = {}
      for (const member of PUBLIC_MEMBERS) if (key[member] !== undefined) pub[member] = key[member]
      return pub
    }),
  }
}
