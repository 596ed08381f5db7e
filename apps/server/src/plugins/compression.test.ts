import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/support.js'
import { COMPRESS_THRESHOLD } from './compression.js'

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** One GET over real HTTP, the body as it came off the wire (not decoded). */
function get(base: string, path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

describe('large API replies compressed by Accept-Encoding', () => {
  let t: TestApp
  let base: string
  let auth: Record<string, string>
  beforeAll(async () => {
    // The curated library: the admin idiom list is well over the threshold.
    t = await startTestApp({ NODE_ENV: 'production' })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const admin = await t.userWithRole('admin')
    auth = { authorization: `Bearer ${admin.token}` }
  })
  afterAll(async () => {
    await t?.close()
  })

  it('sends the idiom list as brotli, or gzip, and the same JSON as without', async () => {
    const plain = await get(base, '/api/idioms', auth)
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD)
    const list = JSON.parse(plain.body.toString()) as unknown[]
    expect(list.length).toBeGreaterThan(100)

    const br = await get(base, '/api/idioms', { ...auth, 'accept-encoding': 'gzip, deflate, br' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['content-type']).toMatch(/application\/json/)
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(list)
    // JSON of uuids, dates and short texts: about a quarter of its size (a third at most)
    expect(br.body.length).toBeLessThan(plain.body.length / 3)

    const gz = await get(base, '/api/idioms', { ...auth, 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(list)
  })

  it('leaves small replies and refusals as they are', async () => {
    const settings = await get(base, '/api/settings', { ...auth, 'accept-encoding': 'br, gzip' })
    expect(settings.status).toBe(200)
    expect(settings.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(settings.body.toString())).toBeTypeOf('object')

    const refused = await get(base, '/api/idioms', { 'accept-encoding': 'br, gzip' })
    expect(refused.status).toBe(401)
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(refused.body.toString())).toMatchObject({ code: expect.any(String) })
  })

  it('answers an unsupported encoding uncompressed rather than refusing it', async () => {
    const res = await get(base, '/api/idioms', { ...auth, 'accept-encoding': 'zstd' })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(res.body.toString())).toBeInstanceOf(Array)
  })
})
