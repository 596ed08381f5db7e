import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusterUnavailable, startCluster, type Cluster } from './test/pg-cluster.js'
import { freePort, runUntilExit } from './test/spawn-server.js'

// Each case starts the real server process (as `npm run serve` does) and reads what it prints.
// They run once, in the PGlite project.
const run = process.env.CHE_TEST_DB !== 'postgres'
const isRoot = process.getuid?.() === 0

/** The one line the server printed about why it could not start. */
function reason(output: string): string {
  const lines = output.split('\n').filter((l) => l.startsWith('Che Idioms could not start: '))
  expect(lines, output).toHaveLength(1)
  return lines[0]!
}

/** A tmpfs as root (read-only or tiny), else undefined: root ignores file permissions. */
function mountTmpfs(dir: string, options: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

describe.runIf(run)(
  'start-up errors a person can act on (real server process)',
  { timeout: 120_000 },
  () => {
    let root: string
    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'che-startup-'))
    })
    afterAll(() => rmSync(root, { recursive: true, force: true }))

    it('an invalid environment variable: names it and the README, exits 1', async () => {
      const { code, output } = await runUntilExit({ PORT: 'eighty', DATA_DIR: join(root, 'a') })
      expect(code).toBe(1)
      const line = reason(output)
      expect(line).toContain('PORT')
      expect(line).toContain('README.md')
    })

    it('a read-only DATA_DIR: names the folder and what to do, exits 1', async () => {
      const dir = join(root, 'readonly')
      mkdirSync(dir)
      let mounted = false
      if (isRoot) {
        mounted = mountTmpfs(dir, 'ro,size=1m')
        if (!mounted) return console.warn('read-only DATA_DIR case skipped: cannot mount a tmpfs')
      } else chmodSync(dir, 0o555)
      try {
        const { code, output } = await runUntilExit({ DATA_DIR: dir })
        expect(code).toBe(1)
        const line = reason(output)
        expect(line).toContain(`DATA_DIR ${dir}`)
        expect(line).toMatch(/read-only|not writable/)
        expect(line).toMatch(/point DATA_DIR at a writable folder/)
      } finally {
        if (mounted) execFileSync('umount', [dir])
      }
    })

    it('a full disk under DATA_DIR: says so, exits 1', async () => {
      if (!isRoot) return console.warn('full-disk case skipped: needs root to mount a tiny tmpfs')
      const dir = join(root, 'full')
      mkdirSync(dir)
      if (!mountTmpfs(dir, 'size=1m')) return console.warn('full-disk case skipped: cannot mount')
      try {
        const { code, output } = await runUntilExit({ DATA_DIR: dir })
        expect(code).toBe(1)
        const line = reason(output)
        expect(line).toContain(`DATA_DIR ${dir}`)
        expect(line).toContain('full disk')
        expect(line).toContain('free some space')
      } finally {
        execFileSync('umount', [dir])
      }
    })

    it('an unreachable DATABASE_URL: names host and port, never the password, exits 1', async () => {
      const port = await freePort()
      const { code, output } = await runUntilExit({
        DATA_DIR: join(root, 'b'),
        DATABASE_URL: `postgres://che:s3cret@127.0.0.1:${port}/che`,
      })
      expect(code).toBe(1)
      const line = reason(output)
      expect(line).toContain(`Cannot reach the database at 127.0.0.1:${port}/che (ECONNREFUSED)`)
      expect(line).toContain('check that PostgreSQL is running')
      expect(output).not.toContain('s3cret')
    })

    describe('a wrong database password', () => {
      const missing = clusterUnavailable()
      let cluster: Cluster | undefined
      beforeAll(async () => {
        if (!missing) cluster = await startCluster({ password: 'right-password' })
      }, 60_000)
      afterAll(() => cluster?.remove())

      it('says the password was refused, exits 1', async () => {
        if (!cluster) return console.warn(`wrong-password case skipped: ${missing}`)
        const { code, output } = await runUntilExit({
          DATA_DIR: join(root, 'c'),
          DATABASE_URL: cluster.url('postgres', 'wrong-password'),
        })
        expect(code).toBe(1)
        const line = reason(output)
        expect(line).toContain(`refused the password of user "postgres"`)
        expect(line).toContain('fix the password in DATABASE_URL')
        expect(output).not.toContain('wrong-password')
      })
    })

    describe('a port in use', () => {
      let blocker: Server
      let port: number
      beforeAll(async () => {
        port = await freePort()
        blocker = createServer()
        await new Promise<void>((ok) => blocker.listen(port, '127.0.0.1', ok))
      })
      afterAll(() => new Promise<void>((ok) => blocker.close(() => ok())))

      it('names the address and PORT, exits 1, before it opens or seeds any database', async () => {
        const { code, output } = await runUntilExit(
          { DATA_DIR: join(root, 'd'), PORT: String(port) },
          { port, timeoutMs: 110_000 },
        )
        expect(code).toBe(1)
        const line = reason(output)
        expect(line).toContain(`Port 127.0.0.1:${port} is already in use`)
        expect(line).toContain('set PORT to a free port')
        // The port is checked first: no cold start (a new PGlite folder, the library) to wait for.
        expect(existsSync(join(root, 'd'))).toBe(false)
      })
    })
  },
)
