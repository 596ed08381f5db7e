import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_OPTIONS } from './pglite-options.js'

/**
 * Backups of either database:
 * - PGlite (DATA_DIR/pglite): a gzipped tarball of the data directory (PGlite's dumpDataDir),
 *   taken with the server stopped (PGlite is one process's database).
 * - PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore; works while
 *   the server runs (pg_dump reads one consistent snapshot).
 * Audio in DATA_DIR/audio (or the S3 bucket) is files: copy them with the usual tools.
 */
export interface BackupTarget {
  databaseUrl: string | undefined
  dataDir: string
}

/** pg_dump / pg_restore / psql: on PATH, else the newest Debian PostgreSQL install. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const onPath = spawnSync(name, ['--version'], { encoding: 'utf8' })
  if (onPath.status === 0) return name
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0]) {
    throw new Error(
      `${name} not found: install the PostgreSQL client (apt-get install postgresql-client)`,
    )
  }
  return join(base, versions[0], 'bin', name)
}

function run(cmd: string, args: string[]): void {
  const res = spawnSync(cmd, args, { encoding: 'utf8' })
  if (res.status !== 0) {
    throw new Error(
      `${cmd} failed: ${(res.stderr || res.stdout || res.error?.message || '').trim()}`,
    )
  }
}

/** Write a backup of the configured database to `file`. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<string> {
  if (target.databaseUrl) {
    run(pgTool('pg_dump'), [
      '--format=custom',
      '--no-owner',
      '--no-acl',
      `--file=${file}`,
      target.databaseUrl,
    ])
    return `PostgreSQL database dumped to ${file} (pg_dump custom format)`
  }
  const dir = join(target.dataDir, 'pglite')
  if (!existsSync(dir)) throw new Error(`no PGlite database in ${dir} (is DATA_DIR right?)`)
  const client = await PGlite.create(dir, PGLITE_OPTIONS)
  try {
    const dump = await client.dumpDataDir('gzip')
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await client.close()
  }
  return `PGlite database in ${dir} saved to ${file}`
}

/**
 * Restore `file` into the configured database. PostgreSQL: every table of the dump is replaced
 * in one transaction. PGlite: the current data directory is kept aside as pglite.before-restore-*
 * and the backup takes its place.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<string> {
  if (!existsSync(file)) throw new Error(`no backup file at ${file}`)
  if (target.databaseUrl) {
    run(pgTool('pg_restore'), [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-acl',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ])
    return `${file} restored into the PostgreSQL database`
  }
  const dir = join(target.dataDir, 'pglite')
  let kept = ''
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    kept = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    renameSync(dir, kept)
  }
  mkdirSync(dir, { recursive: true })
  const client = await PGlite.create(dir, {
    ...PGLITE_OPTIONS,
    loadDataDir: new Blob([readFileSync(file)]),
  })
  await client.close()
  return `${file} restored into ${dir}${kept ? ` (the previous data is kept in ${kept})` : ''}`
}
