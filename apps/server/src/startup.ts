import { randomUUID } from 'node:crypto'
import { mkdirSync, statfsSync, unlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Config } from './config.js'
import { ConfigError } from './config.js'
import { isDatabaseUnavailable } from './db/faults.js'

/** Below this much free space in DATA_DIR the server refuses to start (the database would fail). */
const MIN_FREE_BYTES = 16 * 1024 * 1024

/** A start-up failure already phrased for the operator: what failed, where, what to do. */
export class StartupError extends Error {}

/**
 * Take the port and let it go again, before the slow part of the start (the database, seeding,
 * the sign-in keys): a port already in use, a privileged port or a foreign HOST fails in a
 * moment instead of after a whole cold start. Rejects with the listen error (EADDRINUSE, EACCES,
 * EADDRNOTAVAIL), which explainStartupError words at the 'listen' stage. The real listen still
 * reports a port taken in between.
 */
export function checkPort(config: Pick<Config, 'host' | 'port'>): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () =>
      probe.close(() => resolve()),
    )
  })
}

/**
 * Check that DATA_DIR (PGlite's files, local audio, keys) exists or can be made, takes a write
 * and has room, before anything else opens it, so the failure names the folder and the cause.
 */
export function checkDataDir(config: Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>): void {
  const dir = config.dataDir
  if (dir === 'memory://' || dir.endsWith('memory:')) return
  // With PostgreSQL and an S3 bucket nothing is written under DATA_DIR.
  if (config.databaseUrl && config.s3) return
  const what = `DATA_DIR ${dir}`
  try {
    mkdirSync(dir, { recursive: true })
    const probe = join(dir, `.write-probe-${randomUUID()}`)
    writeFileSync(probe, Buffer.alloc(4096))
    unlinkSync(probe)
  } catch (err) {
    throw new StartupError(fsProblem(err, what))
  }
  const fs = statfsSync(dir)
  const free = fs.bavail * fs.bsize
  if (free < MIN_FREE_BYTES) {
    throw new StartupError(
      `${what} is on a full disk (${Math.floor(free / 1024)} KiB free): free some space or point DATA_DIR at a disk with room`,
    )
  }
}

function fsProblem(err: unknown, what: string): string {
  const e = err as NodeJS.ErrnoException
  const where = e.path && !e.path.includes('.write-probe-') ? ` (${e.path})` : ''
  switch (e.code) {
    case 'EACCES':
    case 'EPERM':
      return `${what} is not writable by this user${where} (${e.code}): give the server's user (uid ${process.getuid?.() ?? '?'}) write access or point DATA_DIR at a writable folder`
    case 'EROFS':
      return `${what} is on a read-only file system${where} (EROFS): mount it read-write or point DATA_DIR at a writable folder`
    case 'ENOSPC':
    case 'EDQUOT':
      return `${what} is on a full disk${where} (${e.code}): free some space or point DATA_DIR at a disk with room`
    case 'ENOTDIR':
    case 'EEXIST':
      return `${what} is not a folder${where} (${e.code}): point DATA_DIR at a folder`
    default:
      return `${what} cannot be used${where} (${e.code ?? e.message}): check the folder and its permissions`
  }
}

/** Host, port, database and user of a connection URL, never its password. */
function describeUrl(url: string | undefined): { where: string; user: string } {
  if (!url) return { where: 'the database', user: '' }
  try {
    const u = new URL(url)
    const db = u.pathname.replace(/^\//, '') || u.username || 'postgres'
    return { where: `${u.hostname}:${u.port || 5432}/${db}`, user: decodeURIComponent(u.username) }
  } catch {
    return { where: 'DATABASE_URL', user: '' }
  }
}

/**
 * One line for an operator about why the server could not start, or undefined when the error is
 * not one of the known causes (a bug: the caller prints the stack).
 */
export function explainStartupError(
  err: unknown,
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'host' | 'port'> | undefined,
  stage: 'config' | 'open' | 'listen',
): string | undefined {
  if (err instanceof StartupError) return err.message
  if (err instanceof ConfigError) {
    return `${err.message}: fix the variable (README.md lists every one with its format) and start again`
  }
  const e = err as NodeJS.ErrnoException & { code?: string; routine?: string }
  if (stage === 'listen' && config) {
    const where = `${config.host}:${config.port}`
    if (e.code === 'EADDRINUSE') {
      return `Port ${where} is already in use (EADDRINUSE): stop the other program or set PORT to a free port`
    }
    if (e.code === 'EACCES') {
      return `Port ${where} needs privileges this user lacks (EACCES): use a port above 1023 (PORT) behind a reverse proxy`
    }
    if (e.code === 'EADDRNOTAVAIL') {
      return `HOST ${config.host} is not an address of this machine (EADDRNOTAVAIL): set HOST to 0.0.0.0, 127.0.0.1 or one of its addresses`
    }
  }
  if (config?.databaseUrl) {
    const { where, user } = describeUrl(config.databaseUrl)
    switch (e.code) {
      case '28P01':
        return `The database at ${where} refused the password of user "${user}" (28P01): fix the password in DATABASE_URL`
      case '28000':
        return `The database at ${where} refused user "${user}" (28000: ${e.message}): fix the user in DATABASE_URL or allow it in pg_hba.conf`
      case '3D000':
        return `The database at ${where} does not exist (3D000): create it (createdb) or fix the name in DATABASE_URL`
      case 'ENOTFOUND':
        return `Cannot find the database host of DATABASE_URL (${where}, ENOTFOUND): fix the host name in DATABASE_URL`
      case '42501':
        return `User "${user}" may not create tables in ${where} (42501): grant it CREATE on the database/schema or use its owner in DATABASE_URL`
    }
    if (isDatabaseUnavailable(err)) {
      const code = e.code ?? firstCode(err) ?? 'no answer'
      return `Cannot reach the database at ${where} (${code}): check that PostgreSQL is running and that DATABASE_URL's host and port are right`
    }
  }
  if (
    config &&
    typeof e.code === 'string' &&
    ['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT'].includes(e.code)
  ) {
    return fsProblem(err, `DATA_DIR ${config.dataDir}`)
  }
  return undefined
}

function firstCode(err: unknown): string | undefined {
  const inner =
    (err as { errors?: unknown[]; cause?: unknown }).errors?.[0] ??
    (err as { cause?: unknown }).cause
  const code = (inner as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : undefined
}
