import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import type { ContractDeps } from './plugins/contract.js'
import type { AppStorage } from './plugins/storage-factory.js'
import type { createServices } from './services.js'

type Built = ReturnType<typeof createServices>

/**
 * What every module's routes get: the app, its config and the services built once by the
 * composition root (services.ts). Routes only register endpoints; they build nothing.
 */
export interface AppContext {
  app: FastifyInstance
  config: Config
  database: Database
  clock: () => Date
  contract: ContractDeps
  repos: Built['repos']
  /**
   * Every service: `evaluator` grades answers (the LLM one, local engine as fallback, when LLM_*
   * is set), `audio` serves example audio (recordings, synthesised speech made once, signed
   * URLs, byte ranges), `reports` writes progress reports, `editor` runs the editors' audio
   * workflow (assign, fulfil, publish; direct example uploads).
   */
  services: Built['services']
  /** Uploaded files (audio): DATA_DIR/audio, or an S3-compatible bucket when S3_* is set. */
  storage: AppStorage
  /** In-process caches by name; GET /api/admin/resetcaches clears them all. */
  caches: Built['caches']
  /** True when the request carries a signed betaKey cookie matching the current key. */
  betaCookieValid(request: FastifyRequest): Promise<boolean>
}
