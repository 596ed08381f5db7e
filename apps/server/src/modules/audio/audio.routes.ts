import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { forbidden, notFound, unauthenticated } from '../../errors.js'
import { registerEndpoint } from '../../plugins/contract.js'

/** The shape of a storage key (plugins/storage.ts refuses anything else). */
const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

/**
 * GET /api/audio/<key>: audio files for learners. The contract marks it 'public' because a media
 * element cannot send a bearer token; access is enforced here instead: a bearer token (and the
 * beta gate) or a valid, unexpired URL signature. See docs/decisions/007-audio-urls.md.
 */
export function registerAudioRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const audio = ctx.services.audio
  registerEndpoint(app, contract, api.audioGet, async ({ request, reply, query, caller }) => {
    const key = (request.params as Record<string, string | undefined>)['*'] ?? ''
    // A malformed key names no object whoever asks, so it is a 404 before any access check.
    if (!STORAGE_KEY.test(key) || key.split('/').some((p) => p === '..')) throw notFound('Audio')
    // Editors' takes (recordings/) may still be unpublished: a learner's token does not open
    // them; learners reach published ones through the signed URLs their exercises carry.
    const tokenOpens =
      caller !== undefined && !(key.startsWith('recordings/') && caller.role === 'learner')
    if (caller && tokenOpens) {
      await contract.checkBeta(request, caller)
    } else if (!audio.signatureValid(key, query.exp, query.sig)) {
      if (query.exp === undefined && query.sig === undefined)
        throw caller ? forbidden() : unauthenticated()
      throw forbidden('This audio link has expired or is not valid: load the exercise again')
    }
    const read = await audio.read(key, request.headers.range)
    if (!read) throw notFound('Audio')
    void reply.header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=3600')
    if (read.kind === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${read.size}`)
        .send({
          code: 'VALIDATION_FAILED',
          message: 'The requested range is outside the audio file',
          details: { size: read.size },
        })
    }
    void reply.type(read.object.contentType)
    if (read.kind === 'part') {
      return reply
        .status(206)
        .header('content-range', `bytes ${read.start}-${read.end}/${read.object.size}`)
        .header('content-length', String(read.end - read.start + 1))
        .send(read.object.body)
    }
    return reply
      .status(200)
      .header('content-length', String(read.object.size))
      .send(read.object.body)
  })
}
