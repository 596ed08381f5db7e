import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './spawn-server.js'

/** Where Debian's PostgreSQL 15 server binaries live (override with PG_BIN). */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

/** Why a throwaway cluster cannot be started here, or undefined when it can. */
export function clusterUnavailable(): string | undefined {
  for (const bin of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(join(PG_BIN, bin))) {
      return `PostgreSQL server binaries not found in ${PG_BIN} (apt-get install postgresql, or set PG_BIN)`
    }
  }
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root but there is no postgres user to run a cluster as'
  }
  return undefined
}

export interface Cluster {
  port: number
  dir: string
  /** A connection URL for `database` (default postgres) as the superuser. */
  url(database?: string, password?: string): string
  start(): void
  /** pg_ctl stop: 'fast' aborts sessions and rolls back open transactions; 'immediate' is a crash. */
  stop(mode?: 'fast' | 'immediate'): void
  /** Stop, then remove the data directory. */
  remove(): void
}

/**
 * A throwaway PostgreSQL cluster on a free loopback port, for tests and benches that must stop,
 * restart or kill the database (never the shared server). As root (as in .ci/run) the binaries
 * run as the postgres user. With `password`, connections need it (scram-sha-256).
 */
export async function startCluster(opts: { password?: string } = {}): Promise<Cluster> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'che-pg-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const run = (bin: string, args: string[]) => {
    const cmd = join(PG_BIN, bin)
    const res = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
      : spawnSync(cmd, args, { encoding: 'utf8' })
    if (res.status !== 0) {
      throw new Error(`${bin} ${args.join(' ')} failed: ${res.stderr || res.stdout}`)
    }
  }
  const initArgs = ['-D', data, '-U', 'postgres', '--no-sync']
  if (opts.password) {
    const pwfile = join(dir, 'pwfile')
    writeFileSync(pwfile, opts.password)
    if (asRoot) chownSync(pwfile, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0)
    initArgs.push('-A', 'scram-sha-256', `--pwfile=${pwfile}`)
  } else {
    initArgs.push('-A', 'trust')
  }
  run('initdb', initArgs)
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-w',
      '-l',
      join(dir, 'server.log'),
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=100`,
      'start',
    ])
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    run('pg_ctl', ['-D', data, '-w', '-m', mode, 'stop'])
  start()
  return {
    port,
    dir,
    url(database = 'postgres', password = opts.password) {
      const auth = password ? `postgres:${encodeURIComponent(password)}` : 'postgres'
      return `postgres://${auth}@127.0.0.1:${port}/${database}`
    },
    start,
    stop,
    remove() {
      try {
        stop('immediate')
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
