import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT, type SpawnedServer, spawnServer } from './test/spawn-server.js'

/**
 * What `npm start` and the Docker image run: the server compiled by scripts/build-server.mjs
 * (decision 041). Compiled files sit in apps/server/dist and packages/core/dist, so everything the
 * server finds from its own location must still be found from there.
 */
describe('the compiled server (apps/server/dist/main.js)', () => {
  let dataDir: string
  let server: SpawnedServer

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT })
    dataDir = mkdtempSync(join(tmpdir(), 'che-compiled-'))
    server = await spawnServer(
      { DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      { args: ['apps/server/dist/main.js'], timeoutMs: 240_000 },
    )
  }, 300_000)

  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('applies the migrations, imports content/ and serves the sign-in assets and the web app', async () => {
    // /readyz: database up, every migration shipped in apps/server/drizzle applied, storage writable.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    expect(server.output()).toMatch(/"examplesCreated":[1-9]\d*/)

    const css = await fetch(`${server.url}/oidc/assets/idp.css`)
    expect(css.status).toBe(200)
    expect(await css.text()).toBe(
      readFileSync(join(REPO_ROOT, 'apps/server/src/idp/assets/idp.css'), 'utf8'),
    )

    const page = await fetch(`${server.url}/app/account`)
    if (existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) {
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<div id="root">')
    } else {
      expect(page.status).toBe(503)
    }
  })

  // `npm run users -- create` beside a running server used to say "created" while the server's
  // next checkpoint threw the account away: PGlite is one process's database.
  it('makes the command-line tools refuse its PGlite folder while it runs', () => {
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8')).toBe(String(server.child.pid))
    const cli = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/users.ts',
        'create',
        'late@cli.test',
        '--name',
        'Late',
        '--password',
        'yerba-mate-con-azucar-7',
      ],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    )
    expect(cli.status).toBe(1)
    expect(cli.stderr).toContain(
      `the server (process ${server.child.pid}) is running on ${dataDir}; stop it first`,
    )
    expect(cli.stdout).not.toContain('created')
  })

  it('speaks examples with espeak-ng through its helper program', async () => {
    const tts = join(dataDir, 'audio', 'tts')
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline) {
      if (existsSync(tts) && readdirSync(tts).some((f) => f.endsWith('.wav'))) break
      await new Promise((r) => setTimeout(r, 500))
    }
    expect(readdirSync(tts).filter((f) => f.endsWith('.wav')).length).toBeGreaterThan(0)
    expect(server.output()).not.toMatch(/"level":50/)
  }, 150_000)
})
