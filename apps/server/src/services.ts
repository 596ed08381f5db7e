import type { FastifyBaseLogger } from 'fastify'
import type { Evaluator } from '@che/core/evaluator'
import { createLlmClient } from './ai/llm-client.js'
import { asyncEvaluator, createLlmEvaluator } from './ai/llm-evaluator.js'
import { evaluateLazily } from './lib/evaluator-module.js'
import type { Config } from './config.js'
import type { Db } from './db/client.js'
import type { ChangeTopic } from './db/bus.js'
import { prompts as promptsTable, settings as settingsTable } from './db/schema.js'
import { createCacheRegistry } from './modules/admin/cache-registry.js'
import { createAudioRepo } from './modules/audio/audio.repo.js'
import { createAudioService } from './modules/audio/audio.service.js'
import { createAudioUrlSigner } from './modules/audio/audio-url.js'
import { createGithubIssues } from './modules/bug-reports/bug-reports.github.js'
import { createBugReportsRepo } from './modules/bug-reports/bug-reports.repo.js'
import {
  createBugReportsService,
  VISITOR_REPORT_LIMIT,
} from './modules/bug-reports/bug-reports.service.js'
import { loadHelpSections } from './modules/chat/chat.content.js'
import { createIdiomLookup } from './modules/chat/chat.idioms.js'
import { createChatModel } from './modules/chat/chat.llm.js'
import { createChatService } from './modules/chat/chat.service.js'
import { createContentRepo } from './modules/content/content.repo.js'
import { createContentService } from './modules/content/content.service.js'
import { createEditorRepo } from './modules/editor/editor.repo.js'
import { createEditorService } from './modules/editor/editor.service.js'
import { createExamplesRepo } from './modules/examples/examples.repo.js'
import { createExamplesService } from './modules/examples/examples.service.js'
import { createLibraryCache } from './modules/examples/library.js'
import { createVersionReader } from './db/cache-versions.js'
import { createExercisesRepo } from './modules/exercises/exercises.repo.js'
import { createExercisesService } from './modules/exercises/exercises.service.js'
import { createIdiomsRepo } from './modules/idioms/idioms.repo.js'
import { createIdiomsService } from './modules/idioms/idioms.service.js'
import { createImportRepo } from './modules/import/import.repo.js'
import { createImportService } from './modules/import/import.service.js'
import { createPromptsService } from './modules/prompts/prompts.service.js'
import { createReportsRepo } from './modules/reports/reports.repo.js'
import { createReportsService } from './modules/reports/reports.service.js'
import { createSandboxService } from './modules/sandbox/sandbox.service.js'
import { createKvRepo } from './modules/settings/settings.repo.js'
import { createSettingsService, llmThreshold } from './modules/settings/settings.service.js'
import { createUsersCache } from './modules/users/users.cache.js'
import { createUsersRepo } from './modules/users/users.repo.js'
import { createUsersService } from './modules/users/users.service.js'
import type { Principal } from './plugins/auth.js'
import type { Metrics } from './plugins/metrics.js'
import type { AppStorage } from './plugins/storage-factory.js'
import { createSharedCounter, createSharedRateLimiter } from './lib/shared-rate-limit.js'
import { createSpeech } from './tts/providers.js'
import { createEspeakSynthesizer, type SpeechSynthesizer } from './tts/tts.js'

/** How long a learner waits for the LLM's grade before the local engine grades the answer (ms). */
const EVALUATION_TIMEOUT_MS = 20_000

export interface ServiceDeps {
  config: Config
  db: Db
  storage: AppStorage
  log: FastifyBaseLogger
  /** Signs audio URLs (the cookie secret). */
  secret: string
  /** The server's real clock; every service reads it through the settings' test clock offset. */
  realClock: () => Date
  /** Claims of the identity provider's userinfo endpoint, read when a user syncs. */
  userinfo: (principal: Principal) => Promise<Record<string, unknown>>
  /** The current name of an embedded account, read when its user syncs (undefined otherwise). */
  accountName?: (principal: Principal) => Promise<string | undefined>
  synthesizer?: SpeechSynthesizer | undefined
  evaluator?: Evaluator | undefined
  /** Whether the first account of the install becomes admin (false on an exposed install). */
  firstUserIsAdmin: boolean
  /** Prometheus metrics (evaluations by engine and grade, LLM/TTS fallbacks). */
  metrics: Metrics
  /** Tells the other instances on the same database that a topic changed (LISTEN/NOTIFY). */
  announce: (topic: ChangeTopic) => () => Promise<void>
  /**
   * How many batches of one kind (reviews, /next's reads, attempt-id reads) may run at once:
   * 1 on PGlite (one connection), 3 on PostgreSQL (decision 045, session 8). Default 1.
   */
  batchesInFlight?: number
  /** The curated library's folder (default: the repository's content/); false: none. */
  contentDir?: string | false
}

/**
 * The composition root: every repository and service of the server, built once here and handed
 * to the routes, which only register endpoints. Nothing here touches the network or the
 * database until a service is called.
 */
export function createServices(deps: ServiceDeps) {
  const { config, db, storage, log } = deps
  // Cache versions, read once for the requests that arrive together (docs/decisions/044).
  const versions = createVersionReader(db)
  const usersRepo = createUsersRepo(db)
  const repos = {
    users: usersRepo,
    /** The callers' rows, in memory while current: what authenticating a request reads. */
    callers: createUsersCache(usersRepo, versions),
    settings: createKvRepo(db, settingsTable),
    prompts: createKvRepo(db, promptsTable),
  }
  const settings = createSettingsService({
    settings: repos.settings,
    clock: deps.realClock,
    nodeEnv: config.nodeEnv,
    changed: deps.announce('settings'),
  })
  // Everything but the settings cache reads the clock through the settings service, which adds
  // the test-only testClockOffsetDays when NODE_ENV is test (and nothing otherwise).
  const clock = () => settings.now()
  const audioSigner = createAudioUrlSigner({ secret: deps.secret, clock })
  const prompts = createPromptsService({ prompts: repos.prompts })
  const content = createContentService({
    content: createContentRepo(db),
    clock,
    dir: deps.contentDir,
  })
  const idiomsRepo = createIdiomsRepo(db)
  const examplesRepo = createExamplesRepo(db)
  // Both databases (decision 045, session 7); several batches at once on PostgreSQL (session 8).
  const exercisesRepo = createExercisesRepo(db, { batch: true, inFlight: deps.batchesInFlight })
  const llmClient = config.llm ? createLlmClient(config.llm) : undefined

  const synthesizer =
    deps.synthesizer ?? createSpeech(config.speech, createEspeakSynthesizer(), log)
  log.info(
    { voice: synthesizer.voice, kind: synthesizer.kind ?? 'synthetic' },
    config.speech ? 'speech: provider, espeak-ng as fallback' : 'speech: espeak-ng',
  )
  const audio = createAudioService({
    storage,
    synthesizer,
    metrics: deps.metrics,
    audio: createAudioRepo(db),
    signer: audioSigner,
    clock,
    log,
  })
  const editor = createEditorService({
    repo: createEditorRepo(db),
    storage,
    signer: audioSigner,
    clock,
    log,
  })
  const audioOf = audio.existing
  const idioms = createIdiomsService({
    idioms: idiomsRepo,
    clock,
    audioOf,
    assigned: (ids, viewer) => editor.assignedFor(ids, viewer),
  })
  const examples = createExamplesService({
    examples: examplesRepo,
    idioms: idiomsRepo,
    storage,
    audioOf,
    clock,
    log,
    // A new or re-worded example gets its speech from the queue right away.
    textsChanged: () => audio.queue.kick(),
  })
  const imports = createImportService({ imports: createImportRepo(db), clock })
  const evaluator = createEvaluator(
    deps,
    llmClient,
    () => prompts.get('evaluation'),
    // hybrid: only answers the local engine is unsure of reach the model (admin setting)
    async () => llmThreshold(await settings.all()),
  )
  const exercises = createExercisesService({
    exercises: exercisesRepo,
    library: createLibraryCache(db, versions),
    audio,
    evaluator,
    settings,
    clock,
    log,
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
    llm: llmClient,
    clock,
    log,
  })
  const bugReports = createBugReportsService({
    reports: createBugReportsRepo(db),
    issues: config.github ? createGithubIssues(config.github) : undefined,
    clock,
    log,
    // Counted in the database, so every instance shares one budget.
    visitorLimits: {
      perAddress: createSharedRateLimiter({
        counter: createSharedCounter(db),
        name: 'visitor-bug-report:address',
        max: VISITOR_REPORT_LIMIT.perAddress,
        windowMs: VISITOR_REPORT_LIMIT.windowMs,
      }),
      overall: createSharedRateLimiter({
        counter: createSharedCounter(db),
        name: 'visitor-bug-report:overall',
        max: VISITOR_REPORT_LIMIT.overall,
        windowMs: VISITOR_REPORT_LIMIT.windowMs,
      }),
    },
  })
  const chat = createChatService({
    sections: loadHelpSections(),
    model: config.llm ? createChatModel(config.llm) : undefined,
    prompt: () => prompts.get('chat'),
    log,
    idiom: createIdiomLookup(db),
  })
  const users = createUsersService({
    users: repos.users,
    adminEmails: config.adminEmails,
    userinfo: deps.userinfo,
    firstUserIsAdmin: deps.firstUserIsAdmin,
    accountName: deps.accountName,
  })
  const caches = createCacheRegistry({ broadcast: deps.announce('caches') })
  caches.register('settings', () => settings.invalidate())
  caches.register('calendars', () => exercises.forgetCalendars())

  return {
    clock,
    repos,
    caches,
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
      bugReports,
      chat,
    },
  }
}

export type Services = ReturnType<typeof createServices>['services']

/** The LLM grader with the local engine as its fallback when LLM_* is set, else the local one. */
function createEvaluator(
  deps: ServiceDeps,
  client: ReturnType<typeof createLlmClient> | undefined,
  prompt: () => Promise<string | undefined>,
  threshold: () => Promise<number>,
) {
  const local = deps.evaluator ?? evaluateLazily
  const llm = deps.config.llm
  deps.log.info(
    llm
      ? {
          engine: 'llm',
          model: llm.model,
          host: new URL(llm.baseUrl).host,
          fallback: 'local',
          mode: 'hybrid: LLM only below the local confidence threshold (evaluatorLlmThreshold)',
        }
      : { engine: 'local' },
    llm ? 'evaluator: LLM, local engine as fallback' : 'evaluator: local engine',
  )
  if (!client) return asyncEvaluator(local, deps.metrics)
  return createLlmEvaluator({
    client,
    prompt,
    local,
    log: deps.log,
    timeoutMs: EVALUATION_TIMEOUT_MS,
    metrics: deps.metrics,
    threshold,
  })
}
