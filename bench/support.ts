import { type ChildProcess, spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
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

/** A reply as the bench clients read it: status and the whole body as text. */
export interface Reply {
  status: number
  ok: boolean
  body: string
}

/**
 * A keep-alive HTTP client for the benches (node:http, one socket per request in flight up to
 * `maxSockets`): what a browser does, without light-my-request's cost of building each reply in
 * memory (app.inject took 1.7 ms more than loopback HTTP for a 113 KB reply). `close()` ends its
 * sockets, so the server's graceful shutdown is not left waiting on idle connections.
 */
export function httpClient(base: string, maxSockets = 16) {
  const agent = new Agent({ keepAlive: true, maxSockets })
  const url = new URL(base)
  return {
    call(method: string, path: string, token: string, body?: unknown): Promise<Reply> {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      return new Promise((ok, fail) => {
        const req = request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method,
            path,
            headers: {
              authorization: `Bearer ${token}`,
              ...(payload
                ? {
                    'content-type': 'application/json',
                    'content-length': Buffer.byteLength(payload),
                  }
                : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () => {
              const status = res.statusCode ?? 0
              ok({
                status,
                ok: status >= 200 && status < 300,
                body: Buffer.concat(chunks).toString('utf8'),
              })
            })
            res.on('error', fail)
          },
        )
        req.setTimeout(60_000, () => req.destroy(new Error('timeout')))
        req.on('error', fail)
        req.end(payload)
      })
    },
    close: () => agent.destroy(),
  }
}
