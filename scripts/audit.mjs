#!/usr/bin/env node
// `npm run audit`: known vulnerabilities of the production dependencies (npm audit --omit=dev).
// Says plainly when the registry's audit service cannot be reached, instead of passing quietly.
import { spawnSync } from 'node:child_process'

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  shell: process.platform === 'win32',
})
let report
try {
  report = JSON.parse(run.stdout)
} catch {
  report = undefined
}
// A report has metadata; anything else (no JSON, an HTTP error of the audit endpoint, a network
// error) means nothing was checked.
const unreachable = run.error || !report || report.error || report.statusCode || !report.metadata
if (unreachable) {
  const why =
    report?.message ||
    report?.error?.summary ||
    report?.error?.code ||
    run.error?.message ||
    run.stderr
      .split('\n')
      .filter((l) => l.includes('error') || l.includes('audit'))
      .join(' ')
      .trim()
  console.error(
    `npm audit could NOT run: the registry's audit service did not answer (${why || 'no answer'}).\nNothing was checked; run it again where the registry is reachable.`,
  )
  process.exit(2)
}
const v = report.metadata?.vulnerabilities ?? {}
const total = (v.low ?? 0) + (v.moderate ?? 0) + (v.high ?? 0) + (v.critical ?? 0)
console.log(
  `npm audit (production dependencies): ${total} known vulnerabilities — critical ${v.critical ?? 0}, high ${v.high ?? 0}, moderate ${v.moderate ?? 0}, low ${v.low ?? 0}`,
)
for (const [name, vuln] of Object.entries(report.vulnerabilities ?? {})) {
  const titles = (vuln.via ?? []).filter((x) => typeof x === 'object').map((x) => x.title)
  console.log(`  ${vuln.severity.padEnd(8)} ${name} ${vuln.range} ${titles.join('; ')}`)
}
process.exit((v.high ?? 0) + (v.critical ?? 0) > 0 ? 1 : 0)
