import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort } from '../apps/server/src/test/spawn-server.js'

const ROOT = resolve(import.meta.dirname, '..')

/** The accounts every e2e test can sign in with, made with the users CLI like an operator would. */
export const E2E_USERS = {
  learner: { email: 'learner@e2e.test', name: 'Lucía Learner', password: 'mate-amargo-42' },
  editor: { email: 'editor@e2e.test', name: 'Ernesto Editor', password: 'bandoneon-1917' },
  admin: { email: 'admin@e2e.test', name: 'Ana Admin', password: 'dulce-de-leche-9' },
} as const

/** Build the SPA unless a build newer than its sources exists. */
function buildWeb(): void {
  const dist = join(ROOT, 'apps/web/dist/index.html')
  const newest = spawnSync(
    'find',
    [
      join(ROOT, 'apps/web/src'),
      join(ROOT, 'apps/web/vite.config.ts'),
      join(ROOT, 'apps/web/index.html'),
      join(ROOT, 'packages/core/src'),
      '-newer',
      dist,
      '-print',
      '-quit',
    ],
    {
      encoding: 'utf8',
    },
  )
  if (existsSync(dist) && statSync(dist).size > 0 && newest.stdout.trim() === '') return
  // A production build, as `npm start` makes (Vitest itself runs with NODE_ENV=test).
  const run = spawnSync('npm', ['run', 'build', '-w', '@che/web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (run.status !== 0) throw new Error('web build failed')
}

async function waitFor(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`)
}

/**
 * Start the real product the way `npm start` does (a separate process, a fresh data folder),
 * after creating one account per role with the `npm run users -- create` command's code.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildWeb()
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'che-e2e-'))
  const baseUrl = `http://127.0.0.1:${port}`
  const env = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DATABASE_URL: '',
    // Every spec signs in from 127.0.0.1, dozens of times a minute; the limit itself is tested
    // in apps/server/src/idp/idp.test.ts.
    SIGNIN_LIMIT_PER_MINUTE: '1000',
  }
  // Node itself with tsx's loader (not `npx tsx`, whose wrapper would not pass SIGTERM on).
  const tsx = (script: string) => [process.execPath, ['--import', 'tsx', script]] as const
  // The users command for each role, in one process (support/create-users.ts).
  const r = spawnSync(...tsx('e2e/support/create-users.ts'), { cwd: ROOT, env, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`users create failed: ${r.stderr}${r.stdout}`)
  const server = spawn(...tsx('apps/server/src/main.ts'), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await waitFor(`${baseUrl}/healthz`, server, 60_000)
  project.provide('baseUrl', baseUrl)
  project.provide('dataDir', dataDir)
  return async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM')
      await new Promise((r) => server.once('exit', r))
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    dataDir: string
  }
}
