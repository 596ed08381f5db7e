import type { TestProject } from 'vitest/node'
import { preparePgTemplate, prepareTestTemplate } from '../db/test-db.js'

/**
 * The server projects' Vitest globalSetup: the migrated database every test database starts
 * from, made once per run instead of once per file or test. server: a PGlite dump
 * (docs/decisions/046-ci-time.md); server-pg: a template database on TEST_DATABASE_URL's server
 * (docs/decisions/059-test-databases-and-shared-module-graphs.md).
 */
export default async function setup(project: TestProject): Promise<void> {
  if (project.name !== 'server-pg') return prepareTestTemplate()
  const url = process.env.TEST_DATABASE_URL
  if (url) await preparePgTemplate(url)
}
