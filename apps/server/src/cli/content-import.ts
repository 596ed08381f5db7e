import { loadConfig } from '../config.js'
import { openDatabase } from '../db/client.js'
import { toMessage } from '../errors.js'
import { createContentRepo } from '../modules/content/content.repo.js'
import { createContentService } from '../modules/content/content.service.js'

/**
 * `npm run content:import [-- <content dir>]`: insert the curated idioms and examples that are
 * not in the configured database yet. Existing rows are never changed.
 */
async function main(argv: string[]): Promise<void> {
  const config = loadConfig()
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  try {
    const content = createContentService({
      content: createContentRepo(database.db),
      clock: () => new Date(),
    })
    const report = await content.importDir(argv[0])
    for (const f of report.invalidFiles) console.error(`skipped ${f.name}: ${f.error}`)
    console.log(
      `content: ${report.files.length} files; idioms created ${report.idiomsCreated}, skipped ${report.idiomsSkipped}; ` +
        `examples created ${report.examplesCreated}, skipped ${report.examplesSkipped}`,
    )
    if (report.invalidFiles.length) process.exitCode = 1
  } catch (err) {
    console.error(`error: ${toMessage(err)}`)
    process.exitCode = 1
  } finally {
    await database.close()
  }
}

void main(process.argv.slice(2))
