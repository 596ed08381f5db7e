import { createHmac, timingSafeEqual } from 'node:crypto'

/** How long a signed audio URL stays valid, at least (ms). */
export const AUDIO_URL_TTL_MS = 60 * 60 * 1000
/**
 * Expiry times are rounded up to this step (ms), so the same audio gets the same URL for a while
 * and the browser's cache (keyed by URL) keeps working across exercises.
 */
export const AUDIO_URL_STEP_MS = 10 * 60 * 1000

/**
 * Short-lived signed URLs for audio objects (docs/decisions/007-audio-urls.md). An `<audio src>`
 * cannot send a bearer token, so the URL itself carries the proof: `exp` (Unix seconds) and
 * `sig` = base64url HMAC-SHA256 over `key` and `exp`, keyed with a key derived from the cookie
 * secret. It grants reading that one object until `exp`, nothing else.
 */
export function createAudioUrlSigner(opts: { secret: string; clock: () => Date; ttlMs?: number }) {
  // A key of its own, derived from the cookie secret, so a cookie signature never doubles as an
  // audio signature or the other way round.
  const key = createHmac('sha256', opts.secret).update('che-idioms audio url v1').digest()
  const ttlMs = opts.ttlMs ?? AUDIO_URL_TTL_MS

  function signature(objectKey: string, exp: number): string {
    return createHmac('sha256', key).update(`${objectKey}\n${exp}`).digest('base64url')
  }

  return {
    /** `/api/audio/<key>?exp=…&sig=…`, valid for at least the TTL. */
    url(objectKey: string): string {
      const expMs =
        Math.ceil((opts.clock().getTime() + ttlMs) / AUDIO_URL_STEP_MS) * AUDIO_URL_STEP_MS
      const exp = Math.floor(expMs / 1000)
      const path = objectKey.split('/').map(encodeURIComponent).join('/')
      return `/api/audio/${path}?exp=${exp}&sig=${signature(objectKey, exp)}`
    },
    /** True when `sig` signs `objectKey` with `exp` and `exp` has not passed. */
    verify(objectKey: string, exp: string | undefined, sig: string | undefined): boolean {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false
      const expSeconds = Number(exp)
      if (expSeconds * 1000 <= opts.clock().getTime()) return false
      const expected = Buffer.from(signature(objectKey, expSeconds))
      const given = Buffer.from(sig)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
export type AudioUrlSigner = ReturnType<typeof createAudioUrlSigner>
