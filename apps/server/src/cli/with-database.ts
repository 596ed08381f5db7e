import { type Config, loadConfig } from '../config.js'
import { dataDirOwner } from '../data-dir-owner.js'
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
  const owner = dataDirOwner(config)
  if (owner !== null) {
    console.error(
      `error: the server (process ${owner}) is running on ${config.dataDir}; stop it first, then run this again (PGlite is one process's database: what this command wrote now would be lost)`,
    )
    process.exitCode = 1
    return
  }
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
