import { createContentRepo } from '../modules/content/content.repo.js'
import { createContentService } from '../modules/content/content.service.js'
import { withConfiguredDatabase } from './with-database.js'

/**
 * `npm run content:import [-- <content dir>]`: insert the curated idioms and examples that are
 * not in the configured database yet. Existing rows are never changed.
 */
async function main(argv: string[]): Promise<void> {
  await withConfiguredDatabase(async (database) => {
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
  })
}

void main(process.argv.slice(2))
