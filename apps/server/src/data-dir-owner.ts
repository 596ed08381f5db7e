import { readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from './config.js'

// PGlite is one process's database: a command-line tool that opens DATA_DIR while `npm start`
// runs on it writes beside the server, and the server's next checkpoint throws that work away
// (an account `npm run users -- create` said it created was gone after a restart). The server
// leaves its process id in DATA_DIR while it runs; the tools refuse to open a folder a live
// server holds.

const FILE = 'server.pid'

type Where = Pick<Config, 'dataDir' | 'databaseUrl'>

/** Whether DATA_DIR holds a PGlite database (not PostgreSQL, not an in-memory one). */
function usesPglite({ dataDir, databaseUrl }: Where): boolean {
  return !databaseUrl && dataDir !== 'memory://' && !dataDir.endsWith('memory:')
}

/** Mark DATA_DIR as this server's; the returned function removes the mark (when still ours). */
export function claimDataDir(config: Where): () => void {
  if (!usesPglite(config)) return () => {}
  const file = join(config.dataDir, FILE)
  writeFileSync(file, String(process.pid))
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file)
    } catch {
      // already gone
    }
  }
}

/** The id of another live process (a running server) that holds DATA_DIR, else null. */
export function dataDirOwner(config: Where): number | null {
  if (!usesPglite(config)) return null
  let pid: number
  try {
    pid = Number.parseInt(readFileSync(join(config.dataDir, FILE), 'utf8'), 10)
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (err) {
    // EPERM: alive but another user's; ESRCH: a server that died without cleaning up.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null
  }
}
