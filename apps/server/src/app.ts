import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { api, BETA_COOKIE, type Endpoint } from '@che/core'
import type { Evaluator } from '@che/core/evaluator'
import type { AppContext } from './app-context.js'
import type { Config } from './config.js'
import { createChangeBus, type ChangeTopic } from './db/bus.js'
import { openDatabase, type Database } from './db/client.js'
import { createMaintenance } from './db/maintenance.js'
import { createAttemptRetention } from './modules/exercises/attempt-retention.js'
import { AppError, notFound } from './errors.js'
import { createEmbeddedIdp } from './idp/idp.js'
import { createAdminSetupCode, isExposed } from './lib/exposure.js'
import { createMailer } from './lib/mailer.js'
import { loadOrCreateSecret } from './lib/secrets.js'
import { createSharedCounter, sharedRateLimitStore } from './lib/shared-rate-limit.js'
import { createDiscovery } from './lib/discovery.js'
import { createUserAccountsRepo } from './modules/accounts/accounts.repo.js'
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.js'
import { buildUserAccountsService } from './modules/accounts/accounts.factory.js'
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
import { createTokenVerifier, type Principal, userIssuer } from './plugins/auth.js'
import { registerEndpoint, type Caller, type ContractDeps } from './plugins/contract.js'
import { registerErrorHandler } from './plugins/errors.js'
import { registerHealth } from './plugins/health.js'
import { registerMetrics } from './plugins/metrics.js'
import { registerMultipart } from './plugins/multipart.js'
import { registerPublicOrigin } from './plugins/public-origin.js'
import { registerCompression } from './plugins/compression.js'
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
  /**
   * Speech for examples without a recording (default: the configured provider with espeak-ng
   * as its fallback, or espeak-ng alone); tests pass a fake.
   */
  synthesizer?: SpeechSynthesizer
  /**
   * Make every example's speech ahead of time in a background queue (default: on, except when
   * NODE_ENV is test, where the request path synthesises on first use as the queue's fallback).
   */
  speechQueue?: boolean
  /**
   * On PGlite, analyze and vacuum tables as they change, as PostgreSQL's autovacuum would
   * (db/maintenance.ts; default: on, except when NODE_ENV is test).
   */
  maintenance?: boolean
  /**
   * Delete stored answers older than ATTEMPT_DELETE_AFTER_DAYS, hourly
   * (modules/exercises/attempt-retention.ts; default: on, except when NODE_ENV is test).
   */
  attemptRetention?: boolean
  /** The local answer evaluator (default: core's); with an LLM configured it is the fallback. */
  evaluator?: Evaluator
  /** The curated library imported on start (default: the repository's content/); false skips it. */
  contentDir?: string | false
}

/** Build the whole product: API, embedded identity provider and SPA on one Fastify app. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // JSON lines in production and wherever output is collected; readable on a terminal.
            ...(process.stdout.isTTY && config.nodeEnv !== 'production'
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
              : {}),
          },
    // Every log line of a request carries its id (reqId); a proxy's X-Request-Id is kept.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
  })
  const database =
    opts.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionLost: (message) => app.log.warn({ err: message }, 'database connection lost'),
      keepPoolOpen: true,
    }))
  if (!opts.database) app.addHook('onClose', () => database.close())
  const { db } = database

  registerErrorHandler(app)
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id)
  })
  const metrics = registerMetrics(app, { database, token: config.metricsToken })
  registerPublicOrigin(app, config)
  await registerSecurity(app, config)
  await registerCompression(app)
  const cookieSecret =
    config.cookieSecret ??
    (await loadOrCreateSecret(db, 'cookie.secret', async () => randomBytes(32).toString('hex')))
  await app.register(cookie, { secret: cookieSecret })
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so several instances share one budget per client.
    store: sharedRateLimitStore(createSharedCounter(db)),
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
  // Several instances on one PostgreSQL tell each other about changes (LISTEN/NOTIFY); a change
  // that cannot be announced is logged, the others then catch up when their cache expires.
  const bus = createChangeBus(database, app.log)
  app.addHook('onClose', () => bus.close())
  const announce = (topic: ChangeTopic) => () =>
    bus.publish(topic).catch((err: Error) => {
      app.log.warn({ topic, err: err.message }, 'could not announce a change to other instances')
    })
  const realClock = opts.clock ?? (() => new Date())
  // On an install others can reach, the first account is not admin by itself (issue 14.6).
  const exposed = isExposed(config)
  const adminSetupCode =
    exposed && config.adminEmails.length === 0
      ? await loadOrCreateSecret(db, 'admin.setup-code', async () => createAdminSetupCode())
      : undefined
  const { clock, repos, caches, services } = createServices({
    firstUserIsAdmin: !exposed,
    metrics,
    announce,
    config,
    db,
    storage,
    log: app.log,
    secret: cookieSecret,
    realClock,
    userinfo: (principal) => userinfo(principal),
    accountName: (principal) => accountName(principal),
    synthesizer: opts.synthesizer,
    evaluator: opts.evaluator,
    // PostgreSQL serves several transactions at once (10 pooled connections); PGlite one.
    batchesInFlight: database.kind === 'postgres' ? 3 : 1,
    contentDir: opts.contentDir,
  })
  const { settings } = services
  bus.subscribe(async (topic) => {
    if (topic === 'settings') settings.invalidate()
    else await caches.clearLocal()
  })
  bus.onResync(() => caches.clearLocal().then(() => {}))
  if (opts.speechQueue ?? config.nodeEnv !== 'test') {
    app.addHook('onReady', async () => services.audio.queue.start())
  }
  // Before the database closes (onClose): the sentence in hand is finished and stored.
  app.addHook('preClose', () => services.audio.queue.stop())
  await settings.seedDefaults()
  await services.prompts.seedDefaults()
  if (opts.contentDir !== false) {
    const report = await services.content.importDir(opts.contentDir)
    for (const f of report.invalidFiles)
      app.log.warn({ file: f.name, error: f.error }, 'content file skipped')
    app.log.info({ ...report, invalidFiles: report.invalidFiles.length }, 'content imported')
  }

  if (opts.maintenance ?? config.nodeEnv !== 'test') {
    const maintenance = createMaintenance(database, {
      onError: (err) => app.log.warn({ err }, 'database maintenance failed'),
      onPass: (actions, ms) => {
        if (actions.length) app.log.debug({ actions, ms: Math.round(ms) }, 'database maintenance')
      },
    })
    // Its first pass runs once the content import above has filled the library's tables.
    app.addHook('onReady', async () => maintenance.start())
    app.addHook('preClose', () => maintenance.stop())
  }
  if (opts.attemptRetention ?? config.nodeEnv !== 'test') {
    const retention = createAttemptRetention(db, {
      onError: (err) => app.log.warn({ err }, 'deleting old stored answers failed'),
      onPass: (deleted, ms) => {
        if (deleted) app.log.info({ deleted, ms: Math.round(ms) }, 'old stored answers deleted')
      },
    })
    app.addHook('onReady', async () => retention.start())
    app.addHook('preClose', () => retention.stop())
  }

  const mailer = config.smtp ? createMailer(config.smtp, app.log) : undefined
  if (mailer) app.addHook('onClose', async () => mailer.close())
  const idp = config.oidc.embedded
    ? await createEmbeddedIdp({
        config,
        db,
        log: app.log,
        mailer,
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

  async function accountName(principal: Principal): Promise<string | undefined> {
    if (!idp || principal.issuer !== userIssuer(config.oidc)) return undefined
    return (await idp.accounts.findById(principal.subject))?.name
  }

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
  // Needs the embedded provider (sessions to revoke), so it is built here rather than with the
  // other services in services.ts.
  const userAccountsRepo = createUserAccountsRepo(db)
  const accounts = buildUserAccountsService({
    config,
    db,
    repo: userAccountsRepo,
    users: repos.users,
    embedded: idp,
    adminSetupCode,
    clock: realClock,
  })
  if (adminSetupCode && !(await userAccountsRepo.hasAdmin())) {
    const text = `No admin yet on an install reachable from the network: sign up, then enter this one-time set-up code on your account page (/app/account) to become admin: ${adminSetupCode}`
    app.log.warn({ setupCode: adminSetupCode }, text)
    if (config.nodeEnv !== 'test') console.log(`\n${text}\n`)
  }

  async function betaCookieValid(request: FastifyRequest): Promise<boolean> {
    const raw = request.cookies[BETA_COOKIE]
    if (!raw) return false
    const unsigned = request.unsignCookie(raw)
    return unsigned.valid && (await settings.cookieMatches(unsigned.value ?? undefined))
  }

  const contract: ContractDeps = {
    async resolveCaller(request, token, early): Promise<Caller> {
      const principal = await verify(token)
      if (early) {
        const hint = repos.callers.peekId(principal.issuer, principal.subject)
        if (hint) early(hint)
      }
      // The request is the scope of its cache-version read (the learning loop's handlers read the
      // library at the same versions: one read per request, decision 045 session 8).
      const user = await repos.callers.findBySubject(principal.issuer, principal.subject, request)
      // Disabled (403 ACCOUNT_DISABLED) and deleted (401) users are refused on their next call.
      await accounts.checkCaller(principal, user)
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

  registerHealth(app, { database, storage })
  registerEndpoint(app, contract, api.clientConfig, () => ({
    authority: config.oidc.issuer,
    clientId: config.oidc.clientId,
    audience: config.oidc.audience,
    scope: 'openid profile email offline_access',
    embeddedIdp: config.oidc.embedded,
  }))
  registerUsersRoutes(ctx)
  registerAccountsRoutes(ctx, accounts)
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

/** Hashed build output (Vite's assets/): a new release has new names, so it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The built SPA at /, with index.html for every client-side route. Files are sent precompressed
 * (the build writes .br and .gz beside them) by the client's Accept-Encoding; hashed assets are
 * cached for a year, everything else (index.html above all) is revalidated on every load. Source
 * maps are served only when config.sourcemapsPublic.
 */
async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const index = join(config.webDist, 'index.html')
  const built = existsSync(index)
  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathName) => config.sourcemapsPublic || !pathName.endsWith('.map'),
      setHeaders(reply, path) {
        const hashed = path.startsWith(join(config.webDist, 'assets'))
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (
      path.startsWith('/api/') ||
      path.startsWith('/oidc/') ||
      path.startsWith('/assets/') ||
      path.endsWith('.map') ||
      request.method !== 'GET'
    ) {
      throw notFound(`${request.method} ${path}`)
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).')
    }
    return reply.sendFile('index.html')
  })
}
