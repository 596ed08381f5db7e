// `npm start`: build the web app and compile the server only when their sources changed since the
// last build, then run the compiled server (apps/server/dist/main.js) in this same process.
// The server's compilation is scripts/build-server.mjs (docs/decisions/041); it also makes the
// pre-built PGlite cluster a fresh data folder is copied from (docs/decisions/043).
//
// The sources' fingerprint (a SHA-256 over the path and bytes of every file the web build reads:
// apps/web sources and config, packages/core, the lockfile) is kept beside the build in
// apps/web/dist/.build-hash. A missing dist/index.html or a different fingerprint rebuilds.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { buildPgliteTemplateIfChanged, buildServerIfChanged } from './build-server.mjs'
import { builtFrom, sourcesHash } from './build-stamp.mjs'

const ROOT = resolve(import.meta.dirname, '..')
const WEB = join(ROOT, 'apps/web')
const DIST = join(WEB, 'dist')
const STAMP = join(DIST, '.build-hash')

const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/postcss.config.cjs',
  'packages/core/src',
  'packages/core/package.json',
  'package-lock.json',
]

/** SHA-256 over every input file's path and contents. */
export function webSourcesHash() {
  return sourcesHash(ROOT, INPUTS)
}

/**
 * Build the web app unless dist/ was built from the same sources (or always, with `force`);
 * returns true when it built.
 */
export function buildWebIfChanged(force = false) {
  const hash = webSourcesHash()
  if (builtFrom(hash, STAMP, join(DIST, 'index.html')) && !force) return false
  if (!force) console.log('Building the web app (its sources changed since the last build)...')
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const res = spawnSync(npm, ['run', 'build', '-w', '@che/web'], { cwd: ROOT, stdio: 'inherit' })
  if (res.status !== 0) process.exit(res.status ?? 1)
  writeFileSync(STAMP, `${hash}\n`)
  return true
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npm run build` (--build): always build both, then stamp. `npm start`: build what changed, serve.
  const buildOnly = process.argv[2] === '--build'
  buildWebIfChanged(buildOnly)
  await buildServerIfChanged(buildOnly)
  // The cluster a fresh PGlite data folder starts from; not needed on PostgreSQL.
  if (buildOnly || !process.env.DATABASE_URL) await buildPgliteTemplateIfChanged(buildOnly)
  if (!buildOnly) await import('../apps/server/dist/main.js')
}
