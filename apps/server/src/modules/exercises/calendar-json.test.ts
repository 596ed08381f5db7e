import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CalendarItem } from '@che/core'
import { newCard, scheduleReview } from '@che/core/scheduler'
import type { Evaluation } from '@che/core'
import { examples, progress } from '../../db/schema.js'
import { COMPRESS_THRESHOLD } from '../../plugins/compression.js'
import { startTestApp, type TestApp } from '../../test/support.js'
import { calendarJson } from './calendar-json.js'

const item = (over: Partial<Item> = {}): Item => ({
  progressId: '0b6f1c1e-3a52-4c1e-9a43-5d7c2b1e9f00',
  dueDate: '2026-04-01T12:00:00.000Z',
  tone: 'Casual',
  idiom: 'Che, boludo',
  range: { label: 'Super common', icon: 'flame' },
  confidence: 0.5,
  ...over,
})
type Item = ReturnType<typeof CalendarItem.parse>

describe('calendarJson', () => {
  it('writes the same bytes as JSON.stringify', () => {
    const items = [
      item(),
      item({ idiom: 'Estar al horno', tone: 'Neutral', confidence: 0 }),
      item({ idiom: 'Dijo "¡qué quilombo!" \\ y se fue\n', confidence: 1 }),
      item({ idiom: 'Tomar unos mates 🧉 en el «bondi»', confidence: 0.123 }),
      item({ range: { label: 'Super rare', icon: 'snowflake' }, confidence: 0.987 }),
    ]
    expect(calendarJson(items).toString('utf8')).toBe(JSON.stringify(items))
    expect(calendarJson([]).toString('utf8')).toBe('[]')
    expect(calendarJson([item()]).toString('utf8')).toBe(JSON.stringify([item()]))
  })

  it('grows past its first guess for long idioms of multi-byte characters', () => {
    const items = [item({ idiom: '€'.repeat(5_000) }), item({ idiom: '🧉'.repeat(3_000) })]
    const bytes = calendarJson(items)
    expect(bytes.toString('utf8')).toBe(JSON.stringify(items))
    expect(bytes.length).toBe(Buffer.byteLength(JSON.stringify(items)))
  })
})

/** One GET over real HTTP, the body as it came off the wire. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('GET /api/exercises written as bytes', () => {
  let t: TestApp
  let base: string
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production' })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await t?.close()
  })

  it('is JSON, compressed when asked, for a learner with many cards', async () => {
    const { user, token } = await t.userWithRole('learner')
    const { db } = t.database
    const library = await db
      .select({ id: examples.id, idiomId: examples.idiomId })
      .from(examples)
      .limit(80)
    const start = new Date('2026-01-01T10:00:00.000Z')
    const evaluation = {
      transcriptionAccuracy: 'perfect',
      translationAccuracy: 'perfect',
      mistakeType: 'none',
      missedWords: [],
    } as unknown as Evaluation
    await db.insert(progress).values(
      library.map((ex, i) => {
        const card = scheduleReview(newCard(start), evaluation, new Date(start.getTime() + i)).card
        return {
          userId: user.id,
          exampleId: ex.id,
          idiomId: ex.idiomId,
          card,
          dueAt: new Date(card.due),
        }
      }),
    )
    const auth = { authorization: `Bearer ${token}` }
    const plain = await get(`${base}/api/exercises`, auth)
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD)
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length)
    const text = plain.body.toString('utf8')
    const items = JSON.parse(text) as unknown[]
    expect(items).toHaveLength(80)
    for (const i of items) CalendarItem.parse(i)
    // The text JSON.stringify would have written for the same cards.
    expect(text).toBe(JSON.stringify(items))

    const br = await get(`${base}/api/exercises`, { ...auth, 'accept-encoding': 'br, gzip' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(text)
  })
})
