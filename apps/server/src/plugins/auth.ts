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

/** Verified tokens kept per process (a token is verified once, then trusted until it expires). */
const VERIFIED_CACHE_MAX = 20_000
/** Leeway on exp and nbf, in seconds (as for verification). */
const CLOCK_TOLERANCE_S = 60

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
 * exp/nbf with 60 s of leeway, and the header typ at+jwt (RFC 9068) unless configured off. Keys come from the embedded provider's own JWKS, or from an
 * external issuer's jwks_uri (found through its discovery document, cached by jose).
 */
export function createTokenVerifier(
  config: Config['oidc'],
  localJwks: (() => JSONWebKeySet) | undefined,
): TokenVerifier {
  let remote: ReturnType<typeof createRemoteJWKSet> | undefined
  // The embedded provider's key set, imported once per JWKS object (importing a key costs more
  // than verifying a signature).
  let local: { jwks: JSONWebKeySet; set: ReturnType<typeof createLocalJWKSet> } | undefined
  // Token → principal for tokens already verified, until their exp (+ leeway). A token's claims
  // never change, so this serves nothing stale; it is dropped when the local JWKS changes.
  const verified = new Map<string, { principal: Principal; until: number }>()
  async function keySet() {
    if (localJwks) {
      const jwks = localJwks()
      if (local?.jwks !== jwks) {
        local = { jwks, set: createLocalJWKSet(jwks) }
        verified.clear()
      }
      return local.set
    }
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
    const keys = await keySet()
    const hit = verified.get(token)
    if (hit) {
      const nowS = Date.now() / 1000
      const nbf = hit.principal.claims.nbf
      if (nowS <= hit.until && (typeof nbf !== 'number' || nbf <= nowS + CLOCK_TOLERANCE_S))
        return hit.principal
      verified.delete(token)
    }
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: config.audience,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_S,
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
      const principal: Principal = {
        issuer: userIssuer(config),
        subject: payload.sub!,
        claims: payload as Principal['claims'],
        token,
      }
      if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value!)
      verified.set(token, { principal, until: payload.exp! + CLOCK_TOLERANCE_S })
      return principal
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
