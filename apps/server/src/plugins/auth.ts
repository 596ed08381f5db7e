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
 * The issuer under which users of the embedded provider are stored (users.issuer), whatever the
 * PUBLIC_URL: the embedded issuer's URL changes with the port or host the server is started
 * with, and the users CLI may run with another one, but an embedded account is the same person.
 */
export const EMBEDDED_ISSUER = 'embedded'

/** users.issuer for tokens of `oidc`: EMBEDDED_ISSUER for the embedded provider. */
export function userIssuer(oidc: Pick<Config['oidc'], 'embedded' | 'issuer'>): string {
  return oidc.embedded ? EMBEDDED_ISSUER : oidc.issuer
}

/**
 * Verifies API access tokens with jose: RS256 only, the expected issuer and audience,
 * exp/nbf with 60 s of leeway. Keys come from the embedded provider's own JWKS, or from an
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
      })
      return {
        issuer: userIssuer(config),
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

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const [scheme, value] = header.split(' ')
  if (scheme?.toLowerCase() !== 'bearer' || !value)
    throw unauthenticated('Malformed Authorization header')
  return value
}
