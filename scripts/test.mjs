// `npm test`: every Vitest project (core, server, web, e2e), then one plain closing line
// 'tests: N passed, N failed' that CI reads. Extra arguments go to Vitest (e.g. --project core).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dir = mkdtempSync(join(tmpdir(), 'che-test-'))
const report = join(dir, 'report.json')
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]
const run = spawnSync('npx', args, { stdio: 'inherit' })
let summary = null
try {
  summary = JSON.parse(readFileSync(report, 'utf8'))
} catch {
  // Vitest died before writing its report; the exit code below says so.
}
rmSync(dir, { recursive: true, force: true })
if (summary) {
  const skipped = summary.numPendingTests + summary.numTodoTests
  console.log(
    `tests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed` +
      (skipped ? `, ${skipped} skipped` : ''),
  )
}
process.exit(run.status ?? 1)
