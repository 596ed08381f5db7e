import { prepareTestTemplate } from '../db/test-db.js'

/**
 * The server project's Vitest globalSetup: make the migrated PGlite dump every test file's
 * database starts from, once per run instead of once per file (docs/decisions/046-ci-time.md).
 */
export default async function setup(): Promise<void> {
  await prepareTestTemplate()
}
