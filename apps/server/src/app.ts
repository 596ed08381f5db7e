import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { api, BETA_COOKIE, type Endpoint } from '@che/core'
import type { Evaluator } from '@che/core/evaluator'
import type { AppContext } from './app-context.js'
import type { Config } from './config.js'
import { openDatabase, type Database } from './db/client.js'
import { AppError, notFound } from './errors.js'
import { createEmbeddedIdp } from './idp/idp.js'
import { loadOrCreateSecret } from './lib/secrets.js'
import { createDiscovery } from './lib/discovery.js'
import { registerAdminRoutes } from './modules/admin/admin.routes.js'
import { registerAudioRoutes } from './modules/audio/audio.routes.js'
import { registerBugReportsRoutes } from './modules/bug-reports/bug-reports.routes.js'
import { registerChatRoutes } from './modules/chat/chat.routes.js'
import { registerEditorRoutes } from './modules/editor/editor.routes.js'
import { registerExamplesRoutes } from './modules/examples/examples.routes.js'
import { registerExercisesRoutes } from './modules/exercises/exercises.routes.js'
import { registerIdiomsRoutes } from './modules/idioms/idioms.routes.js'
import { registerImportRoutes } from './modules/import/import.routes.js'
import { registerPromptsRoutes } from './modules/prompts/prompts.routes.js'
import { registerReportsRoutes } from './modules/reports/reports.routes.js'
import { registerSandboxRoutes } from './modules/sandbox/sandbox.routes.js'
import { registerSettingsRoutes } from './modules/settings/settings.routes.js'
import { registerUsersRoutes } from './modules/users/users.routes.js'
import { createTokenVerifier, type Principal } from './plugins/auth.js'
import { registerEndpoint, type Caller, type ContractDeps } from './plugins/contract.js'
import { registerErrorHandler } from './plugins/errors.js'
import { registerMultipart } from './plugins/multipart.js'
import { registerSecurity } from './plugins/security.js'
import { createStorage } from './plugins/storage-factory.js'
import { registerApiDocs } from './openapi.js'
import { createServices } from './services.js'
import type { SpeechSynthesizer } from './tts/tts.js'

export interface BuildOptions {
  /** An already open database (tests pass one); otherwise opened from the config and closed with the app. */
  database?: Database
  /** The server's clock; tests pass a fixed one. The test clock setting shifts it (settings.now). */
  clock?: () => Date
  /** Speech for examples without a recording (default: espeak-ng); tests pass a fake. */
  synthesizer?: SpeechSynthesizer
  /** The local answer evaluator (default: core's); with an LLM configured it is the fallback. */
  evaluator?: Evaluator
  /** The curated library imported on start (default: the repository's content/); false skips it. */
  contentDir?: string | false
}

/** Build the whole product: API, embedded identity provider and SPA on one Fastify app. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
  })
  const database =
    opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }))
  if (!opts.database) app.addHook('onClose', () => database.close())
  const { db } = database

  registerErrorHandler(app)
  await registerSecurity(app, config)
  const cookieSecret =
    config.cookieSecret ??
    (await loadOrCreateSecret(db, 'cookie.secret', async () => randomBytes(32).toString('hex')))
  await app.register(cookie, { secret: cookieSecret })
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests; try again in ${Math.ceil(ctx.ttl / 1000)} s`,
      ),
  })
  await registerMultipart(app)
  const storage = await createStorage(config)
  app.addHook('onClose', () => storage.close())
  app.log.info({ storage: storage.location }, 'audio storage')
  const { clock, repos, caches, services } = createServices({
    config,
    db,
    storage,
    log: app.log,
    secret: cookieSecret,
    realClock: opts.clock ?? (() => new Date()),
    userinfo: (principal) => userinfo(principal),
    synthesizer: opts.synthesizer,
    evaluator: opts.evaluator,
  })
  const { settings } = services
  await settings.seedDefaults()
  await services.prompts.seedDefaults()
  if (opts.contentDir !== false) {
    const report = await services.content.importDir(opts.contentDir)
    for (const f of report.invalidFiles)
      app.log.warn({ file: f.name, error: f.error }, 'content file skipped')
    app.log.info({ ...report, invalidFiles: report.invalidFiles.length }, 'content imported')
  }

  const idp = config.oidc.embedded
    ? await createEmbeddedIdp({
        config,
        db,
        log: app.log,
        limits: {
          signInMax: config.signInLimitPerMinute,
          signUpMax: config.signInLimitPerMinute,
          windowMs: 60_000,
        },
      })
    : undefined
  if (idp) await idp.register(app)
  const verify = createTokenVerifier(config.oidc, idp ? () => idp.publicJwks() : undefined)
  const discovery = createDiscovery(config.oidc.issuer)

  async function userinfo(principal: Principal): Promise<Record<string, unknown>> {
    if (idp) return {}
    const endpoint = (await discovery()).userinfo_endpoint
    if (typeof endpoint !== 'string') return {}
    const res = await fetch(endpoint, {
      headers: { authorization: `Bearer ${principal.token}` },
      signal: AbortSignal.timeout(10_000),
    })
    return res.ok ? ((await res.json()) as Record<string, unknown>) : {}
  }
  async function betaCookieValid(request: FastifyRequest): Promise<boolean> {
    const raw = request.cookies[BETA_COOKIE]
    if (!raw) return false
    const unsigned = request.unsignCookie(raw)
    return unsigned.valid && (await settings.cookieMatches(unsigned.value ?? undefined))
  }

  const contract: ContractDeps = {
    async resolveCaller(_request, token): Promise<Caller> {
      const principal = await verify(token)
      const user = await repos.users.findBySubject(principal.issuer, principal.subject)
      return { principal, user, role: user?.role ?? 'learner' }
    },
    async checkBeta(request, caller) {
      if (caller.role === 'admin' || !(await settings.inBeta())) return
      if (!(await betaCookieValid(request))) {
        throw new AppError(
          403,
          'BETA_REQUIRED',
          'This app is in beta: enter the beta password first',
        )
      }
    },
  }

  const ctx: AppContext = {
    app,
    config,
    database,
    clock,
    contract,
    repos,
    services,
    storage,
    caches,
    betaCookieValid,
  }

  app.get('/healthz', async () => ({ ok: true }))
  registerEndpoint(app, contract, api.clientConfig, () => ({
    authority: config.oidc.issuer,
    clientId: config.oidc.clientId,
    audience: config.oidc.audience,
    scope: 'openid profile email offline_access',
    embeddedIdp: config.oidc.embedded,
  }))
  registerUsersRoutes(ctx)
  registerSettingsRoutes(ctx)
  registerIdiomsRoutes(ctx)
  registerExamplesRoutes(ctx)
  registerImportRoutes(ctx)
  registerPromptsRoutes(ctx)
  registerAdminRoutes(ctx)
  registerBugReportsRoutes(ctx)
  registerChatRoutes(ctx)
  registerExercisesRoutes(ctx)
  registerSandboxRoutes(ctx)
  registerReportsRoutes(ctx)
  registerAudioRoutes(ctx)
  registerEditorRoutes(ctx)
  registerPendingEndpoints(app, contract)
  await registerApiDocs(app)
  await registerSpa(app, config)
  return app
}

/** Every contract call no module has built yet answers 501 NOT_IMPLEMENTED after its guard. */
function registerPendingEndpoints(app: FastifyInstance, contract: ContractDeps): void {
  for (const endpoint of Object.values(api) as Endpoint[]) {
    if (!app.hasRoute({ method: endpoint.method, url: endpoint.path })) {
      registerEndpoint(app, contract, endpoint)
    }
  }
}

/** The built SPA at /, with index.html for every client-side route. */
async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const index = join(config.webDist, 'index.html')
  const built = existsSync(index)
  if (built) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false })
  }
  const html = built ? readFileSync(index, 'utf8') : undefined
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (path.startsWith('/api/') || path.startsWith('/oidc/') || request.method !== 'GET') {
      throw notFound(`${request.method} ${path}`)
    }
    if (!html) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).')
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(html)
  })
}
