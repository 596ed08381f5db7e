import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AsyncEvaluator } from './ai/llm-evaluator.js'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import type { CacheRegistry } from './modules/admin/cache-registry.js'
import type { AudioService } from './modules/audio/audio.service.js'
import type { ContentService } from './modules/content/content.service.js'
import type { EditorService } from './modules/editor/editor.service.js'
import type { ExamplesService } from './modules/examples/examples.service.js'
import type { ExercisesService } from './modules/exercises/exercises.service.js'
import type { IdiomsService } from './modules/idioms/idioms.service.js'
import type { ImportService } from './modules/import/import.service.js'
import type { PromptsService } from './modules/prompts/prompts.service.js'
import type { ReportsService } from './modules/reports/reports.service.js'
import type { SandboxService } from './modules/sandbox/sandbox.service.js'
import type { ContractDeps } from './plugins/contract.js'
import type { AppStorage } from './plugins/storage-factory.js'
import type { KvRepo } from './modules/settings/settings.repo.js'
import type { SettingsService } from './modules/settings/settings.service.js'
import type { UsersRepo } from './modules/users/users.repo.js'
import type { UsersService } from './modules/users/users.service.js'

/** What every module's routes get: the app, its config and the services built once in buildApp. */
export interface AppContext {
  app: FastifyInstance
  config: Config
  database: Database
  clock: () => Date
  contract: ContractDeps
  repos: { users: UsersRepo; settings: KvRepo; prompts: KvRepo }
  services: {
    users: UsersService
    settings: SettingsService
    idioms: IdiomsService
    examples: ExamplesService
    imports: ImportService
    prompts: PromptsService
    content: ContentService
    /** Grades answers: the LLM one (local engine as fallback) when LLM_* is set, else the local one. */
    evaluator: AsyncEvaluator
    /** Example audio: recordings, synthesised speech made once, signed URLs, byte ranges. */
    audio: AudioService
    exercises: ExercisesService
    sandbox: SandboxService
    /** Progress reports: facts from the review history, insights phrased locally or by the LLM. */
    reports: ReportsService
    /** The editors' audio workflow: assign, fulfil, publish; direct example uploads. */
    editor: EditorService
  }
  /** Uploaded files (audio): DATA_DIR/audio, or an S3-compatible bucket when S3_* is set. */
  storage: AppStorage
  /** In-process caches by name; GET /api/admin/resetcaches clears them all. */
  caches: CacheRegistry
  /** True when the request carries a signed betaKey cookie matching the current key. */
  betaCookieValid(request: FastifyRequest): Promise<boolean>
}
