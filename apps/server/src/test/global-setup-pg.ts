import { preparePgTemplate } from '../db/test-db.js'

/**
 * The server-pg project's Vitest globalSetup: the migrated template database every test
 * database is copied from, made once per run on TEST_DATABASE_URL's server (decision 059).
 */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL
  if (url) await preparePgTemplate(url)
}
