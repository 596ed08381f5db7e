import { createContentRepo } from '../modules/content/content.repo.js'
import { createContentService } from '../modules/content/content.service.js'
import { withConfiguredDatabase } from './with-database.js'

/**
 * `npm run content:import [-- <content dir>]`: what every start does. Insert the curated idioms
 * and examples that are not in the configured database yet, and give library idioms whose
 * meanings and literals are still an earlier release's this release's (decision 065); nothing
 * else that exists is changed.
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
      `content: ${report.files.length} files; idioms created ${report.idiomsCreated}, skipped ${report.idiomsSkipped}, ` +
        `meanings and literals refreshed ${report.idiomsRefreshed}; ` +
        `examples created ${report.examplesCreated}, skipped ${report.examplesSkipped}`,
    )
    if (report.invalidFiles.length) process.exitCode = 1
  })
}

void main(process.argv.slice(2))
