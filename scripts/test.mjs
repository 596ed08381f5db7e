// `npm test`: lint and format check (Biome), unused files and undeclared or unused dependencies
// (knip), the type check of every workspace, then every Vitest project (core, server, server-pg
// when TEST_DATABASE_URL is set, web, tools, e2e), then one plain closing line
// 'tests: N passed, N failed' that CI reads. Extra arguments go to Vitest (e.g. --project core)
// and skip the checks before it.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Run `npm run <script>` with its output captured: { status, output }. */
function runCaptured(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    const chunks = []
    child.stdout.on('data', (c) => chunks.push(c))
    child.stderr.on('data', (c) => chunks.push(c))
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString() }))
  })
}

if (process.argv.length <= 2) {
  // The three checks are independent: the type check (one core, the longest) runs beside lint
  // and knip (decision 046). Each one's output is printed whole, in this order, once it is done.
  const checks = [
    ['lint', 'lint'],
    ['knip', 'dependencies and files'],
    ['typecheck', 'type check'],
  ]
  const typecheck = runCaptured('typecheck')
  const results = []
  for (const [script] of checks.slice(0, 2)) results.push(await runCaptured(script))
  results.push(await typecheck)
  for (const [i, [script, what]] of checks.entries()) {
    const { status, output } = results[i]
    process.stdout.write(output)
    if (status !== 0) {
      console.log(`tests: 0 passed, 1 failed (${what}: npm run ${script})`)
      process.exit(1)
    }
  }
}

const dir = mkdtempSync(join(tmpdir(), 'che-test-'))
const report = join(dir, 'report.json')
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]
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
