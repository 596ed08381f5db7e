/**
 * Landing page bytes: what a browser downloads for / on a first visit (index.html and the
 * scripts, module preloads and stylesheets it names), as brotli, gzip and uncompressed, from the
 * real server over loopback. Target ≤ 350 KB with brotli. Needs the built web app
 * (`npm run build`). Run: npx tsx bench/static.bench.ts
 */
import { request } from 'node:http'
import { startServer } from './support.js'

function get(
  url: string,
  encoding: string,
): Promise<{ bytes: number; body: Buffer; headers: Record<string, unknown> }> {
  return new Promise((ok, fail) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        if (res.statusCode !== 200) return fail(new Error(`${url} answered ${res.statusCode}`))
        ok({ bytes: body.length, body, headers: res.headers })
      })
    })
    req.on('error', fail)
    req.end()
  })
}

export async function run(): Promise<void> {
  const server = await startServer({ NODE_ENV: 'production' })
  try {
    const html = (await get(`${server.url}/`, 'identity')).body.toString('utf8')
    const assets = [
      ...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/assets\/[^"]+)"/g),
    ].map((m) => m[1]!)
    const rows: string[] = []
    for (const encoding of ['br', 'gzip', 'identity']) {
      let total = 0
      for (const path of ['/', ...assets])
        total += (await get(`${server.url}${path}`, encoding)).bytes
      rows.push(`| ${encoding} | ${assets.length + 1} | ${(total / 1024).toFixed(1)} |`)
    }
    const asset = assets.find((a) => a.endsWith('.js'))
    const headers = asset ? (await get(`${server.url}${asset}`, 'br')).headers : {}
    const page = (await get(`${server.url}/`, 'br')).headers
    console.log('\nLanding page, first visit (index.html + the assets it names), loopback')
    console.log('| Accept-Encoding | files | KB transferred |')
    console.log('|---|---|---|')
    for (const r of rows) console.log(r)
    console.log(
      `hashed asset: content-encoding ${String(headers['content-encoding'])}, cache-control "${String(headers['cache-control'])}"; index.html: content-encoding ${String(page['content-encoding'])}, cache-control "${String(page['cache-control'])}"`,
    )
  } finally {
    await server.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
