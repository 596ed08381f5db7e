import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

/** The repository root (the server runs from there, as `npm run serve` does). */
export const REPO_ROOT = resolve(import.meta.dirname, '../../../..')

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => ok(port))
    })
  })
}

export interface SpawnedServer {
  url: string
  port: number
  child: ChildProcess
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>
  /** SIGTERM and wait for the exit. */
  stop(): Promise<number | string>
}

/**
 * Run the real server (`node --import tsx apps/server/src/main.ts`, as `npm run serve`, or the
 * node arguments in `opts.args`, e.g. the compiled `apps/server/dist/main.js`) with `env` on top
 * of the test environment. `ready` waits until /healthz answers.
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: { ready?: boolean; port?: number; timeoutMs?: number; args?: string[] } = {},
): Promise<SpawnedServer> {
  const port = opts.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const args = opts.args ?? ['--import', 'tsx', 'apps/server/src/main.ts']
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString()
  })
  child.stderr!.on('data', (c: Buffer) => {
    out += c.toString()
  })
  const exited = new Promise<number | string>((ok) =>
    child.once('exit', (code, signal) => ok(code ?? signal ?? 'unknown')),
  )
  const server: SpawnedServer = {
    url,
    port,
    child,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
  }
  if (opts.ready === false) return server
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000)
  let ended = false
  void exited.then(() => {
    ended = true
  })
  while (Date.now() < deadline && !ended) {
    try {
      const res = await fetch(`${url}/healthz`)
      if (res.ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  await server.stop()
  throw new Error(`server did not start: ${out}`)
}

/** Run the server expecting it to fail at start; resolves with its exit code and output. */
export async function runUntilExit(
  env: Record<string, string>,
  opts: { port?: number; timeoutMs?: number } = {},
): Promise<{ code: number | string; output: string }> {
  const server = await spawnServer(env, { ...opts, ready: false })
  const timer = setTimeout(() => server.child.kill('SIGKILL'), opts.timeoutMs ?? 30_000)
  const code = await server.exited
  clearTimeout(timer)
  return { code, output: server.output() }
}
