import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { api, BETA_COOKIE, type Endpoint } from '@che/core'
import { evaluate, type Evaluator } from '@che/core/evaluator'
import { createLlmClient } from './ai/llm-client.js'
import { asyncEvaluator, createLlmEvaluator } from './ai/llm-evaluator.js'
import type { AppContext } from './app-context.js'
import type { Config } from './config.js'
import { openDatabase, type Database } from './db/client.js'
import { prompts as promptsTable, settings as settingsTable } from './db/schema.js'
import { AppError, notFound } from './errors.js'
import { createEmbeddedIdp } from './idp/idp.js'
import { loadOrCreateSecret } from './lib/secrets.js'
import { createDiscovery } from './lib/discovery.js'
import { registerAdminRoutes } from './modules/admin/admin.routes.js'
import { createAudioRepo } from './modules/audio/audio.repo.js'
import { registerAudioRoutes } from './modules/audio/audio.routes.js'
import { createAudioService, type AudioService } from './modules/audio/audio.service.js'
import { createAudioUrlSigner } from './modules/audio/audio-url.js'
import { createCacheRegistry } from './modules/admin/cache-registry.js'
import { registerBugReportsRoutes } from './modules/bug-reports/bug-reports.routes.js'
import { registerChatRoutes } from './modules/chat/chat.routes.js'
import { createContentRepo } from './modules/content/content.repo.js'
import { createEditorRepo } from './modules/editor/editor.repo.js'
import { registerEditorRoutes } from './modules/editor/editor.routes.js'
import { createEditorService } from './modules/editor/editor.service.js'
import { createContentService } from './modules/content/content.service.js'
import { createExamplesRepo } from './modules/examples/examples.repo.js'
import { registerExamplesRoutes } from './modules/examples/examples.routes.js'
import { createExamplesService } from './modules/examples/examples.service.js'
import { createExercisesRepo } from './modules/exercises/exercises.repo.js'
import { registerExercisesRoutes } from './modules/exercises/exercises.routes.js'
import { createExercisesService } from './modules/exercises/exercises.service.js'
import { createIdiomsRepo } from './modules/idioms/idioms.repo.js'
import { registerIdiomsRoutes } from './modules/idioms/idioms.routes.js'
import { createIdiomsService } from './modules/idioms/idioms.service.js'
import { createImportRepo } from './modules/import/import.repo.js'
import { registerImportRoutes } from './modules/import/import.routes.js'
import { createImportService } from './modules/import/import.service.js'
import { registerPromptsRoutes } from './modules/prompts/prompts.routes.js'
import { createPromptsService } from './modules/prompts/prompts.service.js'
import { createReportsRepo } from './modules/reports/reports.repo.js'
import { registerReportsRoutes } from './modules/reports/reports.routes.js'
import { createReportsService } from './modules/reports/reports.service.js'
import { registerSandboxRoutes } from './modules/sandbox/sandbox.routes.js'
import { createSandboxService } from './modules/sandbox/sandbox.service.js'
import { createKvRepo } from './modules/settings/settings.repo.js'
import { registerSettingsRoutes } from './modules/settings/settings.routes.js'
import { createSettingsService } from './modules/settings/settings.service.js'
import { createUsersRepo } from './modules/users/users.repo.js'
import { registerUsersRoutes } from './modules/users/users.routes.js'
import { createUsersService } from './modules/users/users.service.js'
import { createTokenVerifier, type Principal } from './plugins/auth.js'
import { registerEndpoint, type Caller, type ContractDeps } from './plugins/contract.js'
import { registerErrorHandler } from './plugins/errors.js'
import { registerMultipart } from './plugins/multipart.js'
import { registerPublicOrigin } from './plugins/public-origin.js'
import { registerSecurity } from './plugins/security.js'
import { createStorage } from './plugins/storage-factory.js'
import { createSpeech } from './tts/providers.js'
import { createEspeakSynthesizer, type SpeechSynthesizer } from './tts/tts.js'

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
  /** The local answer evaluator (default: core's); with an LLM configured it is the fallback. */
  evaluator?: Evaluator
  /** The curated library imported on start (default: the repository's content/); false skips it. */
  contentDir?: string | false
}

/** How long a learner waits for the LLM's grade before the local engine grades the answer (ms). */
const EVALUATION_TIMEOUT_MS = 20_000

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
  const realClock = opts.clock ?? (() => new Date())
  // Everything but the settings cache reads the clock through the settings service, which adds
  // the test-only testClockOffsetDays when NODE_ENV is test (and nothing otherwise).
  const clock = () => settings.now()

  registerErrorHandler(app)
  registerPublicOrigin(app, config)
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
  const audioSigner = createAudioUrlSigner({ secret: cookieSecret, clock })

  const repos = {
    users: createUsersRepo(db),
    settings: createKvRepo(db, settingsTable),
    prompts: createKvRepo(db, promptsTable),
  }
  const settings = createSettingsService({
    settings: repos.settings,
    clock: realClock,
    nodeEnv: config.nodeEnv,
  })
  await settings.seedDefaults()
  const prompts = createPromptsService({ prompts: repos.prompts })
  await prompts.seedDefaults()
  const content = createContentService({ content: createContentRepo(db), clock })
  if (opts.contentDir !== false) {
    const report = await content.importDir(opts.contentDir)
    for (const f of report.invalidFiles)
      app.log.warn({ file: f.name, error: f.error }, 'content file skipped')
    app.log.info({ ...report, invalidFiles: report.invalidFiles.length }, 'content imported')
  }
  const idiomsRepo = createIdiomsRepo(db)
  const editor = createEditorService({
    repo: createEditorRepo(db),
    storage,
    signer: audioSigner,
    clock,
    log: app.log,
  })
  // `audio` is made below; these services call it only when answering a request.
  const audioOf = (row: Parameters<AudioService['existing']>[0]) => audio.existing(row)
  const idioms = createIdiomsService({
    idioms: idiomsRepo,
    clock,
    audioOf,
    assigned: (ids, viewer) => editor.assignedFor(ids, viewer),
  })
  const examples = createExamplesService({
    examples: createExamplesRepo(db),
    idioms: idiomsRepo,
    storage,
    audioOf,
    clock,
    log: app.log,
    // A new or re-worded example gets its speech from the queue right away.
    textsChanged: () => audio.queue.kick(),
  })
  const imports = createImportService({ imports: createImportRepo(db), clock })
  const localEvaluator = opts.evaluator ?? evaluate
  const evaluator = config.llm
    ? createLlmEvaluator({
        client: createLlmClient(config.llm),
        prompt: () => prompts.get('evaluation'),
        local: localEvaluator,
        log: app.log,
        timeoutMs: EVALUATION_TIMEOUT_MS,
      })
    : asyncEvaluator(localEvaluator)
  app.log.info(
    config.llm
      ? {
          engine: 'llm',
          model: config.llm.model,
          host: new URL(config.llm.baseUrl).host,
          fallback: 'local',
        }
      : { engine: 'local' },
    config.llm ? 'evaluator: LLM, local engine as fallback' : 'evaluator: local engine',
  )
  const exercisesRepo = createExercisesRepo(db)
  const examplesRepo = createExamplesRepo(db)
  const synthesizer =
    opts.synthesizer ?? createSpeech(config.speech, createEspeakSynthesizer(), app.log)
  app.log.info(
    { voice: synthesizer.voice, kind: synthesizer.kind ?? 'synthetic' },
    config.speech ? 'speech: provider, espeak-ng as fallback' : 'speech: espeak-ng',
  )
  const audio = createAudioService({
    storage,
    synthesizer,
    audio: createAudioRepo(db),
    signer: audioSigner,
    clock,
    log: app.log,
  })
  if (opts.speechQueue ?? config.nodeEnv !== 'test') {
    app.addHook('onReady', async () => audio.queue.start())
  }
  // Before the database closes (onClose): the sentence in hand is finished and stored.
  app.addHook('preClose', () => audio.queue.stop())
  const exercises = createExercisesService({
    exercises: exercisesRepo,
    examples: examplesRepo,
    audio,
    evaluator,
    settings,
    clock,
    log: app.log,
  })
  const sandbox = createSandboxService({
    exercises: exercisesRepo,
    examples: examplesRepo,
    audio,
    evaluator,
    clock,
  })
  const reports = createReportsService({
    reports: createReportsRepo(db),
    settings,
    prompt: () => prompts.get('report'),
    llm: config.llm ? createLlmClient(config.llm) : undefined,
    clock,
    log: app.log,
  })
  const caches = createCacheRegistry()
  caches.register('settings', () => settings.invalidate())

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
  const users = createUsersService({
    users: repos.users,
    adminEmails: config.adminEmails,
    userinfo,
  })

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
    services: {
      users,
      settings,
      idioms,
      examples,
      imports,
      prompts,
      content,
      evaluator,
      audio,
      exercises,
      sandbox,
      reports,
      editor,
    },
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
