import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose'
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import { unauthenticated } from '../errors.js'

/** A caller whose bearer token verified: issuer, subject and the token's claims. */
export interface Principal {
  issuer: string
  subject: string
  claims: JWTPayload & Record<string, unknown>
  token: string
}

export type TokenVerifier = (token: string) => Promise<Principal>

/**
 * Verifies API access tokens with jose: RS256 only, the expected issuer and audience,
 * exp/nbf with 60 s of leeway, and the header typ at+jwt (RFC 9068) unless configured off. Keys come from the embedded provider's own JWKS, or from an
 * external issuer's jwks_uri (found through its discovery document, cached by jose).
 */
export function createTokenVerifier(
  config: Config['oidc'],
  localJwks: (() => JSONWebKeySet) | undefined,
): TokenVerifier {
  let remote: ReturnType<typeof createRemoteJWKSet> | undefined
  async function keySet() {
    if (localJwks) return createLocalJWKSet(localJwks())
    if (!remote) {
      const res = await fetch(`${config.issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      })
      if (!res.ok) throw new Error(`discovery failed with ${res.status}`)
      const doc = (await res.json()) as { jwks_uri?: string }
      if (!doc.jwks_uri) throw new Error('discovery document has no jwks_uri')
      remote = createRemoteJWKSet(new URL(doc.jwks_uri))
    }
    return remote
  }
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, await keySet(), {
        issuer: config.issuer,
        audience: config.audience,
        algorithms: ['RS256'],
        clockTolerance: 60,
        requiredClaims: ['sub', 'exp'],
        // RFC 9068: an access token says so in its header, so an ID token (typ JWT) can never
        // stand in for one, even where its audience happens to match.
        ...(config.accessTokenType === 'at+jwt' ? { typ: 'at+jwt' } : {}),
      })
      // Providers that do not type their access tokens (OIDC_ACCESS_TOKEN_TYPE=any): still refuse
      // what is recognisably an ID token.
      if (config.accessTokenType === 'any' && isIdToken(payload)) {
        throw unauthenticated('An ID token is not an access token; sign in again')
      }
      return {
        issuer: config.issuer,
        subject: payload.sub!,
        claims: payload as Principal['claims'],
        token,
      }
    } catch (err) {
      if (err instanceof joseErrors.JOSEError)
        throw unauthenticated('Your session is not valid; sign in again')
      throw err
    }
  }
}

/** ID-token markers: a nonce or hash claims (OIDC Core §2, §3.1.3.6) or Keycloak's typ "ID". */
function isIdToken(payload: JWTPayload): boolean {
  return (
    payload.nonce !== undefined ||
    payload.at_hash !== undefined ||
    payload.c_hash !== undefined ||
    payload.typ === 'ID'
  )
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const [scheme, value] = header.split(' ')
  if (scheme?.toLowerCase() !== 'bearer' || !value)
    throw unauthenticated('Malformed Authorization header')
  return value
}
