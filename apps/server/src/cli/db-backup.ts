import { loadConfig } from '../config.js'
import { backupDatabase, restoreDatabase } from '../db/backup.js'
import { toMessage } from '../errors.js'

const USAGE = `Usage:
  npm run db:backup -- <file>    save the configured database (PGlite: stop the server first)
  npm run db:restore -- <file>   replace the configured database with a backup (stop the server first)`

/** `npm run db:backup` / `npm run db:restore`: the configured database (DATABASE_URL or DATA_DIR). */
async function main(argv: string[]): Promise<void> {
  const [command, file] = argv
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error(USAGE)
    process.exit(2)
  }
  const config = loadConfig()
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir }
  console.log(
    command === 'backup' ? await backupDatabase(target, file) : await restoreDatabase(target, file),
  )
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`db:${process.argv[2] ?? '?'} failed: ${toMessage(err)}`)
  process.exit(1)
})
