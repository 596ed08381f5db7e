// A PGlite cluster made once at build time (initdb + every migration), copied into a fresh data
// folder instead of running PGlite's initdb there: initdb is most of a cold start (6 s of ≈7 s on
// a quiet machine) and grows the WebAssembly memory of whoever runs it (docs/decisions/041, 043).
//
// The template is keyed by what decides its contents: the PGlite version, its start parameters
// and the migrations shipped (journal and SQL). A template with another key is never used, so an
// upgrade that adds a migration or a PGlite release falls back to the slow path until the next
// build makes a new one; migrations still run on every open, so an existing older database is
// brought up to date exactly as before.
import { createHash } from 'node:crypto'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { MIGRATIONS, PGLITE_OPTIONS } from './pglite-options.js'

/** apps/server/pglite-template (the same from src/db and dist/db); ignored by git, like dist. */
export const TEMPLATE_DIR = resolve(import.meta.dirname, '../../pglite-template')

const CLUSTER = 'cluster'
const KEY = 'key'

/** SHA-256 over the PGlite version, its start parameters and every migration file. */
export function templateKey(): string {
  const hash = createHash('sha256')
  // The package's exports hide its package.json; it sits above the entry's dist/ folder.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const pkg = join(dirname(entry), '..', 'package.json')
  hash.update(`pglite ${(JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version}\0`)
  hash.update(`${JSON.stringify(PGLITE_OPTIONS)}\0`)
  const files = [
    ...readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.sql'))
      .sort(),
    'meta/_journal.json',
  ]
  for (const file of files) {
    hash.update(`${file}\0`)
    hash.update(readFileSync(join(MIGRATIONS, file)))
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** True when `templateDir` holds a cluster made from this build's PGlite and migrations. */
export function templateReady(templateDir = TEMPLATE_DIR): boolean {
  const key = join(templateDir, KEY)
  return (
    existsSync(join(templateDir, CLUSTER, 'PG_VERSION')) &&
    existsSync(key) &&
    readFileSync(key, 'utf8').trim() === templateKey()
  )
}

/**
 * Make the template: initdb and every migration in `templateDir`/cluster, closed cleanly. Run it
 * in a short process of its own (cli/pglite-template.ts): initdb's memory stays with the process.
 */
export async function buildTemplate(templateDir = TEMPLATE_DIR): Promise<void> {
  // Per process: two builds at once (a test and a bench) must not write into one folder.
  const staging = `${templateDir}.tmp-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  try {
    const client = await PGlite.create(join(staging, CLUSTER), PGLITE_OPTIONS)
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS })
    } finally {
      await client.close()
    }
    writeFileSync(join(staging, KEY), `${templateKey()}\n`)
    // Readable by every user: the Docker image builds it as root and runs the server as `node`.
    setModes(staging, 0o755, 0o644)
    rmSync(templateDir, { recursive: true, force: true })
    renameSync(staging, templateDir)
  } catch (err) {
    rmSync(staging, { recursive: true, force: true })
    throw err
  }
}

/**
 * Copy a ready template's cluster to `dir` (which must not exist yet); false when there is no
 * template for this build. The copy goes to a staging folder first and is renamed into place, so
 * an interrupted copy never looks like a database.
 */
export function copyTemplate(dir: string, templateDir = TEMPLATE_DIR): boolean {
  if (existsSync(dir))
    throw new Error(`${dir} already exists: a template is copied only into a new folder`)
  if (!templateReady(templateDir)) return false
  const staging = `${dir}.from-template`
  rmSync(staging, { recursive: true, force: true })
  try {
    cpSync(join(templateDir, CLUSTER), staging, { recursive: true })
    // The database's files are the server user's alone, whoever owns the template.
    setModes(staging, 0o700, 0o600)
    renameSync(staging, dir)
  } catch (err) {
    rmSync(staging, { recursive: true, force: true })
    throw err
  }
  return true
}

/** chmod every folder under `dir` (and `dir`) to `dirMode` and every file to `fileMode`. */
function setModes(dir: string, dirMode: number, fileMode: number): void {
  chmodSync(dir, dirMode)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) setModes(path, dirMode, fileMode)
    else chmodSync(path, fileMode)
  }
}
