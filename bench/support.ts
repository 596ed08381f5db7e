import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import { freePort } from '../apps/server/src/test/spawn-server.js'

export const ROOT = resolve(import.meta.dirname, '..')

// A free loopback port: one helper for the server tests, the benches and the e2e set-up.
export { freePort }

export interface LoadResult {
  label: string
  requestsPerSec: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

/** A bounded autocannon run against a loopback URL. */
export async function load(
  label: string,
  opts: { url: string; connections?: number; duration?: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections ?? 50,
    duration: opts.duration ?? 5,
    headers: opts.headers,
  })
  return {
    label,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

export function printTable(title: string, rows: LoadResult[]): void {
  console.log(`\n${title}`)
  console.log('| target | req/s | p50 ms | p99 ms | errors | non-2xx |')
  console.log('|---|---|---|---|---|---|')
  for (const r of rows)
    console.log(
      `| ${r.label} | ${r.requestsPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    )
}

/**
 * Start the real server (`tsx apps/server/src/main.ts`) on a fresh data folder; resolves once it
 * answers. BENCH_CPU_PROF=<folder> runs it with `node --cpu-prof` writing its profile there on exit;
 * BENCH_SERVER_ARGS adds node arguments (space-separated, e.g. `--import ./bench/server-diagnostics.mjs`) to the server
 * alone, not to the bench's own client.
 */
/**
 * Start the server with node `args` on `port` (PUBLIC_URL `url`, DATA_DIR `dataDir`), quiet
 * logs and `env` on top; its stderr shows in the bench output.
 */
export function spawnServer(
  args: string[],
  opts: { url: string; port: number; dataDir: string; env?: Record<string, string> },
): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(opts.port),
      PUBLIC_URL: opts.url,
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

/** A process's CPU time (user + system) in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces) start at state; utime, stime are 14, 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

export async function startServer(env: Record<string, string> = {}): Promise<{
  url: string
  coldStartMs: number
  /** The server's CPU time so far (user + system, ms), from /proc: what a request costs it. */
  cpuMs(): number
  stop(): Promise<void>
}> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'che-bench-'))
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const profile = process.env.BENCH_CPU_PROF
  const args = [
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []),
    '--import',
    'tsx',
    'apps/server/src/main.ts',
  ]
  const child = spawnServer(args, { url, port, dataDir, env })
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/api/settings`)).status === 200) break
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 25))
  }
  const coldStartMs = Math.round(performance.now() - started)
  return {
    url,
    coldStartMs,
    cpuMs: () => processCpuMs(child.pid!),
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
