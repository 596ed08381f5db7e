import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from './test/support.js'

/** A built SPA as the web build writes it: hashed assets with .br and .gz beside them. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'che-dist-'))
  mkdirSync(join(dir, 'assets'))
  const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`
  const js = `console.log(${JSON.stringify('che '.repeat(2000))})`
  const files: Record<string, string> = {
    'index.html': html,
    'assets/index-AbC123.js': js,
  }
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text)
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text))
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text))
  }
  writeFileSync(join(dir, 'assets/index-AbC123.js.map'), '{"version":3,"sources":["secret.ts"]}')
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return dir
}

describe('the built web app', () => {
  let dist: string
  let prod: TestApp
  let withMaps: TestApp
  beforeAll(async () => {
    dist = fakeDist()
    prod = await startTestApp({ WEB_DIST: dist, NODE_ENV: 'production' }, { contentDir: false })
    withMaps = await startTestApp(
      { WEB_DIST: dist, NODE_ENV: 'production', SOURCEMAPS_PUBLIC: 'true' },
      { contentDir: false },
    )
  })
  afterAll(async () => {
    await prod?.close()
    await withMaps?.close()
    rmSync(dist, { recursive: true, force: true })
  })

  const get = (t: TestApp, url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    })

  it('sends hashed assets precompressed by Accept-Encoding, cached for a year', async () => {
    const br = await get(prod, '/assets/index-AbC123.js', 'gzip, deflate, br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['content-type']).toMatch(/javascript/)
    const js = brotliDecompressSync(br.rawPayload).toString()
    expect(js).toContain('che che')
    expect(br.rawPayload.length).toBeLessThan(js.length / 10)

    const gz = await get(prod, '/assets/index-AbC123.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js)

    const plain = await get(prod, '/assets/index-AbC123.js', 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(js)
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('sends index.html for / and every client route with no-cache, compressed when accepted', async () => {
    for (const url of ['/', '/dashboard', '/admin/settings?tab=1']) {
      const res = await get(prod, url, 'br')
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(res.headers['content-encoding']).toBe('br')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('/assets/index-AbC123.js')
    }
    const plain = await get(prod, '/dashboard')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('<!doctype html>')
  })

  it('revalidates files that are not hashed', async () => {
    const res = await get(prod, '/favicon.svg', 'br')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('answers 404, not the page, for a missing asset', async () => {
    const res = await get(prod, '/assets/index-Gone99.js', 'br')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('keeps source maps private in production unless SOURCEMAPS_PUBLIC is true', async () => {
    const hidden = await get(prod, '/assets/index-AbC123.js.map')
    expect(hidden.statusCode).toBe(404)
    expect(hidden.body).not.toContain('secret.ts')
    const shown = await get(withMaps, '/assets/index-AbC123.js.map')
    expect(shown.statusCode).toBe(200)
    expect(shown.body).toContain('secret.ts')
  })
})
