import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../../..')
const run = (script: string, args: string[] = [], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [join(root, 'scripts', script), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  })

describe('dependency checks', () => {
  it('docs/licences.md matches package-lock.json and lists no licence an MIT project cannot ship', () => {
    const res = run('licences.mjs', ['--check'])
    expect(res.stderr).toBe('')
    expect(res.status).toBe(0)
    expect(res.stdout).toMatch(/licences ok: \d+ production packages/)
  })

  it('says plainly that nothing was checked when the registry cannot be reached', () => {
    const res = run('audit.mjs', [], { npm_config_registry: 'http://127.0.0.1:9/' })
    expect(res.status).toBe(2)
    expect(res.stderr).toContain('npm audit could NOT run')
    expect(res.stderr).toContain('Nothing was checked')
  })
})
