import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'
import type { Config } from '../config.js'

/**
 * Security headers and CORS. The CSP allows only what the SPA uses: its own scripts, Mantine's
 * inline styles, pictures from identity providers (https), audio from this origin and blob:
 * (recordings), and calls to this origin plus an external issuer when one is configured.
 *
 * Helmet's middleware is built ONCE and run on every request: @fastify/helmet built it again for
 * each request (its CSP parsed anew), ≈ 2 % of the server's CPU in the learning-loop bench
 * (docs/decisions/045, session 6). No route has options of its own, so nothing else is needed.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const connect = ["'self'"]
  if (!config.oidc.embedded) connect.push(new URL(config.oidc.issuer).origin)
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connect,
        frameSrc: ["'self'", ...connect.slice(1)],
        formAction: ["'self'", ...connect.slice(1)],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        // The installable app (issue 13.2): its Workbox service worker and manifest, same origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The provider's pages post back to themselves; keep the referrer to our own origin.
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
  })
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined))
  })
  await app.register(cors, {
    // Same origin only unless CORS_ORIGINS names others.
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
  })
}
