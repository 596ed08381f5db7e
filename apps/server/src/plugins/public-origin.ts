import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import { AppError } from '../errors.js'

/**
 * The app works at one origin only, PUBLIC_URL: the sign-in's redirect URIs, the issuer and
 * the cookies all name it. A browser that opens the same server under another name of the same
 * machine and port (http://127.0.0.1:3000 when PUBLIC_URL is http://localhost:3000, or the
 * machine's LAN address) is sent to the public origin: page navigations are redirected (308,
 * path and query kept), API and sign-in calls answer 421 WRONG_ADDRESS naming the address to
 * open. Requests on another port (a reverse proxy, a test client) are left alone, and so is
 * /healthz (probes use any address).
 */
export function registerPublicOrigin(app: FastifyInstance, config: Config): void {
  const pub = new URL(config.publicUrl)
  const defaultPort = pub.protocol === 'https:' ? '443' : '80'
  const pubPort = pub.port || defaultPort

  app.addHook('onRequest', async (request, reply) => {
    const host = request.host
    if (!host) return
    let seen: URL
    try {
      seen = new URL(`${pub.protocol}//${host}`)
    } catch {
      return
    }
    if (seen.host === pub.host || (seen.port || defaultPort) !== pubPort) return
    const path = request.url
    if (path === '/healthz') return
    const api = path.startsWith('/api/') || path.startsWith('/oidc/')
    if (!api && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.redirect(`${config.publicUrl}${path}`, 308)
    }
    throw new AppError(
      421,
      'WRONG_ADDRESS',
      `This server answers at ${config.publicUrl}, not at ${seen.origin}: open ${config.publicUrl}/ instead`,
      { publicUrl: config.publicUrl },
    )
  })
}
