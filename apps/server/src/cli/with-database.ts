import { type Config, loadConfig } from '../config.js'
import { type Database, openDatabase } from '../db/client.js'
import { toMessage } from '../errors.js'

/**
 * Run a command-line tool's work on the configured database: a failure is printed as
 * `error: …` with exit code 1, and the database is closed either way.
 */
export async function withConfiguredDatabase(
  work: (database: Database, config: Config) => Promise<void>,
): Promise<void> {
  const config = loadConfig()
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  try {
    await work(database, config)
  } catch (err) {
    console.error(`error: ${toMessage(err)}`)
    process.exitCode = 1
  } finally {
    await database.close()
  }
}
