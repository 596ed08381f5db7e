// The server (apps/server/src) and the core package it imports (packages/core/src), compiled to
// JavaScript once for `npm start` and the Docker image (docs/decisions/041): esbuild strips the
// types file by file (no bundling, no type check — `npm run typecheck` does that), into
// apps/server/dist and packages/core/dist with the same folder layout as src, so every path the
// server finds from its own location (`import.meta.dirname`: migrations, content/, the web dist,
// the espeak-ng helper, the sign-in page's assets) resolves the same from dist as from src.
//
// Imports of `@che/core` (whose package exports point at TypeScript sources, for Vite, Vitest
// and tsx) are rewritten to relative paths into packages/core/dist. Files that are not
// TypeScript (JSON data, .mjs helpers, CSS/JS assets) are copied. Tests are left out.
//
// Like the web build, it runs only when a fingerprint of its inputs differs from the one kept in
// apps/server/dist/.build-hash.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { builtFrom, files, sourcesHash } from './build-stamp.mjs'

const ROOT = resolve(import.meta.dirname, '..')
export const SERVER_DIST = join(ROOT, 'apps/server/dist')
const CORE_DIST = join(ROOT, 'packages/core/dist')
const STAMP = join(SERVER_DIST, '.build-hash')

/** What is compiled: source folder -> output folder. */
const UNITS = [
  { src: join(ROOT, 'packages/core/src'), out: CORE_DIST },
  { src: join(ROOT, 'apps/server/src'), out: SERVER_DIST },
]
const INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/core/src',
  'packages/core/package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/build-stamp.mjs',
]

/** SHA-256 over every input file's path and contents. */
export function serverSourcesHash() {
  return sourcesHash(ROOT, INPUTS)
}

/** Test files and test helpers stay out of the production build. */
function isTestOnly(rel) {
  return (
    /\.(test|spec)\.tsx?$/.test(rel) ||
    rel.startsWith(`test${'/'}`) ||
    rel.endsWith('.d.ts') ||
    rel.endsWith('.jsonl') ||
    rel.startsWith('evaluator/heldout/')
  )
}

/** `@che/core` and its subpaths, as the core package's exports map names them, to dist files. */
function coreTargets() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'packages/core/package.json'), 'utf8'))
  const targets = new Map()
  for (const [sub, target] of Object.entries(pkg.exports)) {
    const file = typeof target === 'string' ? target : target.default
    const specifier = sub === '.' ? '@che/core' : `@che/core/${sub.slice(2)}`
    targets.set(specifier, join(CORE_DIST, file.replace(/^\.\/src\//, '').replace(/\.ts$/, '.js')))
  }
  return targets
}

/** Compile both units into a fresh dist (the old one is replaced only when all succeeded). */
export async function buildServer() {
  const { transform } = await import('esbuild')
  const core = coreTargets()
  const staged = []
  for (const unit of UNITS) {
    const tmp = `${unit.out}.tmp`
    rmSync(tmp, { recursive: true, force: true })
    for (const file of files(unit.src)) {
      const rel = relative(unit.src, file)
      if (isTestOnly(rel)) continue
      const target = join(tmp, rel)
      mkdirSync(dirname(target), { recursive: true })
      if (!/\.tsx?$/.test(rel)) {
        copyFileSync(file, target)
        continue
      }
      const out = join(tmp, rel.replace(/\.tsx?$/, '.js'))
      const result = await transform(readFileSync(file, 'utf8'), {
        loader: rel.endsWith('.tsx') ? 'tsx' : 'ts',
        format: 'esm',
        platform: 'node',
        target: 'node20.19',
        sourcemap: 'external',
        sourcefile: relative(dirname(join(unit.out, rel)), file),
      })
      const code = result.code.replace(/(["'])(@che\/core(?:\/[\w/-]+)?)\1/g, (whole, q, spec) => {
        const dist = core.get(spec)
        if (!dist) return whole
        const path = relative(dirname(join(unit.out, rel)), dist)
        return `${q}${path.startsWith('.') ? path : `./${path}`}${q}`
      })
      writeFileSync(out, `${code}//# sourceMappingURL=${basenameOf(out)}.map\n`)
      writeFileSync(`${out}.map`, result.map)
    }
    staged.push({ tmp, out: unit.out })
  }
  for (const { tmp, out } of staged) {
    rmSync(out, { recursive: true, force: true })
    renameSync(tmp, out)
  }
}

function basenameOf(path) {
  return path.slice(path.lastIndexOf('/') + 1)
}

/**
 * Compile the server unless dist/ was built from the same sources (or always, with `force`);
 * returns true when it built.
 */
export async function buildServerIfChanged(force = false) {
  const hash = serverSourcesHash()
  if (builtFrom(hash, STAMP, join(SERVER_DIST, 'main.js')) && !force) return false
  if (!force) console.log('Compiling the server (its sources changed since the last build)...')
  await buildServer()
  writeFileSync(STAMP, `${hash}\n`)
  return true
}

/**
 * The pre-built PGlite cluster a fresh data folder is copied from (apps/server/pglite-template,
 * docs/decisions/043), made from the compiled server in a child process (initdb's memory stays
 * with whoever runs it) unless one for this PGlite and these migrations exists (or always, with
 * `force`). A failure is reported and the server then runs initdb itself on a fresh folder.
 * Returns true when it built.
 */
export async function buildPgliteTemplateIfChanged(force = false) {
  const { templateReady } = await import(join(SERVER_DIST, 'db/pglite-template.js'))
  if (templateReady() && !force) return false
  if (!force) console.log('Making the PGlite template for fresh data folders...')
  const res = spawnSync(
    process.execPath,
    [join(SERVER_DIST, 'cli/pglite-template.js'), ...(force ? ['--force'] : [])],
    { cwd: ROOT, stdio: 'inherit' },
  )
  if (res.status !== 0)
    console.error('The PGlite template was not made; fresh data folders run initdb.')
  return res.status === 0
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The template only when missing or stale: remaking it costs an initdb (`npm run build` forces it).
  await buildServerIfChanged(true)
  await buildPgliteTemplateIfChanged()
}
