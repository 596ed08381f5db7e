import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CalendarItem, ExercisePayload } from '@che/core'
import { buildApp } from '../../app.js'
import { examples, progress } from '../../db/schema.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { calendarReply, cardHead, withConfidences } from './calendar-json.js'
import { fakeSynthesizer, perfect, seedExample, type SeededExample } from './exercises.fixtures.js'

const DAY = 86_400_000
const T0 = Date.parse('2026-03-02T15:00:00.000Z')

type Item = ReturnType<typeof CalendarItem.parse>

describe('withConfidences', () => {
  const item = (i: number, confidence: number): Item => ({
    progressId: `0b6f1c1e-3a52-4c1e-9a43-5d7c2b1e9f${String(i).padStart(2, '0')}`,
    dueDate: `2026-04-${String(i + 1).padStart(2, '0')}T12:00:00.000Z`,
    tone: 'Casual',
    idiom: i % 2 ? 'Dijo "¡qué quilombo!" y se fue 🧉' : 'Estar al horno',
    range: { label: 'Super common', icon: 'flame' },
    confidence,
  })

  it('rewrites only the confidences, as a reply made afresh would be', () => {
    const before = Array.from({ length: 12 }, (_, i) => item(i, [0, 0.5, 1, 0.734][i % 4]!))
    const reply = calendarReply(
      before.map(cardHead),
      Float64Array.from(before, (i) => i.confidence),
    )
    expect(reply.bytes.toString('utf8')).toBe(JSON.stringify(before))
    // The same confidences: the same bytes, not a copy.
    expect(withConfidences(reply, Float64Array.from(reply.confidences))).toBe(reply)
    for (const changed of [[0], [11], [3, 4, 5], [0, 6, 11]]) {
      const after = before.map((b, i) =>
        changed.includes(i) ? { ...b, confidence: [0.61, 0.5, 0, 0.999][i % 4]! } : b,
      )
      const moved = withConfidences(
        reply,
        Float64Array.from(after, (i) => i.confidence),
      )
      expect(moved.bytes.toString('utf8')).toBe(JSON.stringify(after))
      // The reply it came from is left as it was (it may still be on its way to a socket).
      expect(reply.bytes.toString('utf8')).toBe(JSON.stringify(before))
      // And a second move from the moved one is right too.
      expect(
        withConfidences(
          moved,
          Float64Array.from(before, (i) => i.confidence),
        ).bytes.toString('utf8'),
      ).toBe(JSON.stringify(before))
    }
  })
})

/**
 * Two instances of the server on one database (as behind a load balancer), each keeping its own
 * copy of every learner's calendar (decision 069). After any write — on either instance, by a
 * tool straight in SQL, an admin's edit — both answer what the database now holds.
 */
describe('GET /api/exercises on two instances', () => {
  let t: TestApp
  let b: FastifyInstance
  let admin: string
  let now = T0
  const seeded: SeededExample[] = []

  beforeAll(async () => {
    const options = {
      clock: () => new Date(now),
      contentDir: false as const,
      synthesizer: fakeSynthesizer(),
    }
    t = await startTestApp({}, options)
    b = await buildApp(t.config, { ...options, database: t.database })
    await b.ready()
    admin = (await t.userWithRole('admin')).token
    for (let i = 0; i < 4; i++) seeded.push(await seedExample(t, admin, { usage: 9 - i }))
  })
  afterAll(async () => {
    await b?.close()
    await t?.close()
  })

  const apps = () => [t.app, b]
  async function calendarOn(app: FastifyInstance, token: string): Promise<Item[]> {
    const res = await app.inject({ method: 'GET', url: '/api/exercises', headers: bearer(token) })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    const items = (res.json() as unknown[]).map((i) => CalendarItem.parse(i))
    // The bytes are JSON.stringify's of what they hold.
    expect(res.body).toBe(JSON.stringify(items))
    return items
  }
  /** Both instances' calendars, which must be equal; returned by idiom. */
  async function calendars(token: string): Promise<Map<string, Item>> {
    const [onA, onB] = await Promise.all(apps().map((app) => calendarOn(app, token)))
    expect(onB).toEqual(onA)
    return new Map(onA!.map((i) => [i.idiom, i]))
  }
  async function answer(app: FastifyInstance, token: string, ex: SeededExample, right: boolean) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/exercises/evaluate',
      headers: bearer(token),
      payload: right
        ? { exampleId: ex.exampleId, ...perfect(ex) }
        : {
            exampleId: ex.exampleId,
            userTranscription: 'nada que ver con nada',
            userTranslation: 'something else entirely',
          },
    })
    expect(res.statusCode, res.body).toBe(200)
    return ExercisePayload.parse(res.json()).progress
  }

  it('shows an answer given on either instance at the next request of both', async () => {
    const { token } = await t.userWithRole('learner')
    const [one, two] = seeded
    expect(await calendars(token)).toEqual(new Map())

    const first = await answer(t.app, token, one!, true)
    let cards = await calendars(token)
    expect([...cards.keys()]).toEqual([one!.idiomText])
    expect(cards.get(one!.idiomText)).toMatchObject({ dueDate: first.dueDate, confidence: 1 })

    // On the other instance, a second card.
    const second = await answer(b, token, two!, true)
    cards = await calendars(token)
    expect(cards.size).toBe(2)
    expect(cards.get(two!.idiomText)).toMatchObject({ dueDate: second.dueDate, confidence: 1 })

    // The first card answered wrong (on B): sooner, one dot, on both at once.
    const again = await answer(b, token, one!, false)
    cards = await calendars(token)
    expect(again.dueDate).not.toBe(first.dueDate)
    expect(cards.get(one!.idiomText)).toMatchObject({ dueDate: again.dueDate, confidence: 0.5 })
    // In due order: the wrong one (due in a day) first.
    expect([...cards.keys()]).toEqual([one!.idiomText, two!.idiomText])
  })

  it('follows the clock with nothing written: the confidences drop as days pass', async () => {
    const { token } = await t.userWithRole('learner')
    await answer(t.app, token, seeded[0]!, true)
    const fresh = await calendars(token)
    expect(fresh.get(seeded[0]!.idiomText)!.confidence).toBe(1)
    const start = now
    try {
      now += 6 * DAY
      const later = await calendars(token)
      expect(later.get(seeded[0]!.idiomText)!.confidence).toBeLessThan(1)
      expect(later.get(seeded[0]!.idiomText)!.dueDate).toBe(
        fresh.get(seeded[0]!.idiomText)!.dueDate,
      )
    } finally {
      now = start
    }
    expect((await calendars(token)).get(seeded[0]!.idiomText)!.confidence).toBe(1)
  })

  it('shows records changed, deleted and removed with their example straight in SQL', async () => {
    const { user, token } = await t.userWithRole('learner')
    for (const ex of seeded.slice(0, 3)) await answer(t.app, token, ex, true)
    expect((await calendars(token)).size).toBe(3)
    const { db } = t.database
    const mine = (ex: SeededExample) =>
      and(eq(progress.userId, user.id), eq(progress.exampleId, ex.exampleId))

    // A tool moves a card's due date (and the card's own copy of it).
    const due = new Date(T0 + 40 * DAY).toISOString()
    await db
      .update(progress)
      .set({
        dueAt: new Date(due),
        card: sql`jsonb_set(${progress.card}, '{due}', to_jsonb(${due}::text))`,
      })
      .where(mine(seeded[1]!))
    let cards = await calendars(token)
    expect(cards.get(seeded[1]!.idiomText)!.dueDate).toBe(due)
    expect([...cards.keys()].at(-1)).toBe(seeded[1]!.idiomText)

    // A record deleted.
    await db.delete(progress).where(mine(seeded[0]!))
    cards = await calendars(token)
    expect([...cards.keys()].sort()).toEqual([seeded[1]!.idiomText, seeded[2]!.idiomText].sort())

    // An example deleted takes its records along.
    const other = await seedExample(t, admin)
    await answer(b, token, other, true)
    expect((await calendars(token)).has(other.idiomText)).toBe(true)
    await db.delete(examples).where(eq(examples.id, other.exampleId))
    cards = await calendars(token)
    expect(cards.has(other.idiomText)).toBe(false)
    expect(cards.size).toBe(2)
  })

  it("shows an idiom's new label after an admin's edit on the other instance", async () => {
    const { token } = await t.userWithRole('learner')
    const ex = await seedExample(t, admin, { usage: 9 })
    await answer(t.app, token, ex, true)
    expect((await calendars(token)).get(ex.idiomText)).toMatchObject({
      range: { label: 'Super common', icon: 'flame' },
    })
    const res = await b.inject({
      method: 'POST',
      url: '/api/admin/idiom/update',
      headers: bearer(admin),
      payload: { idiomId: ex.idiomId, text: `${ex.idiomText} (otra)`, usage: 2, tone: 'Neutral' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const cards = await calendars(token)
    expect(cards.has(ex.idiomText)).toBe(false)
    expect(cards.get(`${ex.idiomText} (otra)`)).toMatchObject({
      tone: 'Neutral',
      range: { label: 'Super rare', icon: 'snowflake' },
    })
  })
})
