import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from './test/support.js'

describe('the web app’s source maps', () => {
  let dist: string
  let hidden: TestApp
  let shown: TestApp
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'che-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Che</title>')
    writeFileSync(
      join(dist, 'assets', 'index-abc.js'),
      'console.log(1)\n//# sourceMappingURL=index-abc.js.map',
    )
    writeFileSync(
      join(dist, 'assets', 'index-abc.js.map'),
      '{"version":3,"sources":["src/secret.ts"]}',
    )
    hidden = await startTestApp({ WEB_DIST: dist }, { contentDir: false })
    shown = await startTestApp({ WEB_DIST: dist, SOURCEMAPS_PUBLIC: 'true' }, { contentDir: false })
  })
  afterAll(async () => {
    await hidden?.close()
    await shown?.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('are not served by default, while the scripts are', async () => {
    const t = hidden
    {
      const js = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' })
      expect(js.statusCode).toBe(200)
      const map = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' })
      expect(map.statusCode).toBe(404)
      expect(map.body).not.toContain('secret.ts')
    }
  })

  it('are served with SOURCEMAPS_PUBLIC=true', async () => {
    const t = shown
    {
      const map = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' })
      expect(map.statusCode).toBe(200)
      expect(map.body).toContain('secret.ts')
    }
  })
})
