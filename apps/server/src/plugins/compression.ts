import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Replies at least this long go out compressed when the client accepts it (docs/decisions/066):
 * the admin idiom list (≈ 90 KB for the library), a long-time learner's calendar (≈ 120 KB for
 * 625 cards), reports. The learning loop's replies (next ≈ 2 KB, evaluate less) stay below it, so
 * the loop spends no CPU on compression.
 */
export const COMPRESS_THRESHOLD = 8 * 1024

const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream))/

/**
 * Compresses large API replies (brotli, else gzip) by content negotiation. Static files are
 * precompressed at build time and sent with their own content-encoding, which this leaves alone;
 * audio (audio/* is not compressible) and ranged replies are never touched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    // JSON and text; other types as mime-db says (the plugin's own default also takes any
    // octet-stream, which here is stored audio of an unknown kind: already compressed).
    customTypes: COMPRESSIBLE,
    // Quality 4: about gzip's speed with a smaller result; 11 (brotli's default) costs tens of
    // ms on a 100 KB reply, which is what the build-time precompression of static files is for.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  })
}
