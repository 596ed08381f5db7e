import { buildTemplate, TEMPLATE_DIR, templateReady } from '../db/pglite-template.js'

/**
 * `node apps/server/dist/cli/pglite-template.js [--force]` (run by `npm run build` and by
 * `npm start` when missing): make the pre-built PGlite cluster a fresh data folder is copied
 * from (docs/decisions/043). Its own process, because initdb's memory stays with the process.
 */
async function main(argv: string[]): Promise<void> {
  if (templateReady() && !argv.includes('--force')) return
  const started = performance.now()
  await buildTemplate()
  console.log(
    `PGlite template ready in ${TEMPLATE_DIR} (${Math.round(performance.now() - started)} ms)`,
  )
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error('error: could not make the PGlite template:', err)
  process.exitCode = 1
})
