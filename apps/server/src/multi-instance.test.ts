import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse as LightReply } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { betaKeyFor } from '@che/core'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { expectedMigrations, openDatabase, type Database } from './db/client.js'
import { createSharedCounter, createSharedRateLimiter } from './lib/shared-rate-limit.js'
import { tokenMinter } from './test/learner-load.js'

// Two instances of the server on one PostgreSQL database, as behind a load balancer: each has
// its own connection pool, caches and LISTEN connection. server-pg project only.
const adminUrl = process.env.TEST_DATABASE_URL
const run = process.env.CHE_TEST_DB === 'postgres' && !!adminUrl
// Loopback: the first account becomes admin (docs/decisions/026); inject's default Host matches.
const PUBLIC_URL = 'http://localhost'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Poll `check` until it is true; resolves with the ms it took (fails after `limitMs`). */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now()
  while (performance.now() - start < limitMs) {
    if (await check()) return Math.round(performance.now() - start)
    await sleep(20)
  }
  throw new Error(`not true within ${limitMs} ms`)
}

describe.runIf(run)('two instances on one PostgreSQL database', { timeout: 60_000 }, () => {
  const name = `che_multi_${randomBytes(5).toString('hex')}`
  let url: string
  let a: FastifyInstance
  let b: FastifyInstance
  let admin: string
  let learner: string

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: adminUrl })
    await c.connect()
    await c.query(`create database ${name}`)
    await c.end()
    const u = new URL(adminUrl!)
    u.pathname = `/${name}`
    url = u.toString()
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL,
      DATA_DIR: 'memory://',
      DATABASE_URL: url,
      WEB_DIST: '/nonexistent',
    })
    // Both start together: the migrations must run once, under the advisory lock.
    ;[a, b] = await Promise.all([
      buildApp(config, { contentDir: false }),
      buildApp(config, { contentDir: false }),
    ])
    await Promise.all([a.ready(), b.ready()])
    const mint = await tokenMinter(url, PUBLIC_URL)
    admin = await mint('multi-admin')
    learner = await mint('multi-learner')
    for (const token of [admin, learner]) {
      const res = await a.inject({
        method: 'POST',
        url: '/api/users/sync',
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      })
      expect(res.statusCode).toBe(200)
    }
  }, 120_000)

  afterAll(async () => {
    await a?.close()
    await b?.close()
    const c = new pg.Client({ connectionString: adminUrl })
    await c.connect()
    await c.query(`drop database if exists ${name} with (force)`)
    await c.end()
  })

  const as = (token: string) => ({ authorization: `Bearer ${token}` })
  async function settingsOn(app: FastifyInstance): Promise<Record<string, string>> {
    const res = await app.inject({ method: 'GET', url: '/api/settings', headers: as(admin) })
    return res.json().settings
  }
  async function save(app: FastifyInstance, settings: Record<string, string>) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: as(admin),
      payload: { settings },
    })
    expect(res.statusCode, res.body).toBe(200)
  }

  it('ran the migrations once when both started together', async () => {
    const database = await openDatabase({ url, dataDir: 'unused' })
    try {
      const rows = (await database.db.execute(
        sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
      )) as unknown as { rows: { n: number }[] }
      expect(rows.rows).toHaveLength(expectedMigrations())
      expect(rows.rows.every((r) => r.n === 1)).toBe(true)
    } finally {
      await database.close()
    }
  })

  it('a settings change on one instance reaches the other within 1 s', async () => {
    const before = await settingsOn(b) // b now holds the settings in its cache
    const ms = await within(1_000, async () => (await settingsOn(b)).dailyNewLimit === '37').catch(
      () => -1,
    )
    expect(ms).toBe(-1) // nothing changed yet: the probe itself is sound
    await save(a, { ...before, dailyNewLimit: '37' })
    const took = await within(1_000, async () => (await settingsOn(b)).dailyNewLimit === '37')
    console.log(`settings propagation A -> B: ${took} ms`)
  })

  it('the beta gate closed on one instance holds on the other within 1 s', async () => {
    const current = await settingsOn(a)
    const probe = () =>
      b
        .inject({ method: 'GET', url: '/api/exercises/stats', headers: as(learner) })
        .then((r) => r.json())
    expect(
      (await b.inject({ method: 'GET', url: '/api/exercises/stats', headers: as(learner) }))
        .statusCode,
    ).toBe(200)
    await save(a, {
      ...current,
      inBeta: 'true',
      betaKey: betaKeyFor('sesamo abrite', current.testKey!),
    })
    await within(1_000, async () => (await probe()).code === 'BETA_REQUIRED')
    await save(a, { ...current, inBeta: 'false' })
    await within(1_000, async () => (await probe()).code !== 'BETA_REQUIRED')
  })

  it('prompts saved on one instance are what the other uses', async () => {
    const current = (
      await a.inject({ method: 'GET', url: '/api/admin/prompts', headers: as(admin) })
    ).json().prompts as Record<string, string>
    const res = await a.inject({
      method: 'POST',
      url: '/api/admin/prompts',
      headers: as(admin),
      payload: { prompts: { ...current, chat: 'Respondé en rioplatense.' } },
    })
    expect(res.statusCode, res.body).toBe(200)
    await within(1_000, async () => {
      const r = await b.inject({ method: 'GET', url: '/api/admin/prompts', headers: as(admin) })
      return r.json().prompts.chat === 'Respondé en rioplatense.'
    })
  })

  it('a learner disabled on one instance is refused by the other at their very next request', async () => {
    const stats = () =>
      b.inject({ method: 'GET', url: '/api/exercises/stats', headers: as(learner) })
    expect((await stats()).statusCode).toBe(200) // b now holds the learner's row
    const me = (
      await a.inject({
        method: 'POST',
        url: '/api/users/sync',
        headers: as(learner),
        payload: {},
      })
    ).json() as { id: string }
    const admin_ = (path: string) =>
      a.inject({ method: 'POST', url: `/api/admin/users/${me.id}/${path}`, headers: as(admin) })
    expect((await admin_('disable')).statusCode).toBe(200)
    try {
      // No waiting: b checks the users' version with every request (docs/decisions/044).
      const refused = await stats()
      expect(refused.statusCode).toBe(403)
      expect(refused.json().code).toBe('ACCOUNT_DISABLED')
    } finally {
      expect((await admin_('enable')).statusCode).toBe(200)
    }
    expect((await stats()).statusCode).toBe(200)
  })

  it('an example changed behind both instances is what the other serves at the next request', async () => {
    const idiom = await a.inject({
      method: 'POST',
      url: '/api/admin/idiom',
      headers: as(admin),
      payload: {
        text: 'estar al horno',
        translation: 'to be in trouble',
        tone: 'Casual',
        usage: 9,
      },
    })
    expect(idiom.statusCode, idiom.body).toBe(200)
    const example = await a.inject({
      method: 'POST',
      url: '/api/admin/idiom-examples',
      headers: as(admin),
      payload: {
        idiomId: idiom.json().idiomId,
        text: 'Si no entrego el informe mañana estoy al horno.',
        conjugatedSnippet: 'estoy al horno',
        translation: "If I don't hand in the report tomorrow I'm in trouble.",
      },
    })
    expect(example.statusCode, example.body).toBe(200)
    const next = async () => {
      const res = await b.inject({
        method: 'GET',
        url: '/api/exercises/next',
        headers: as(learner),
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { exampleId: string; text: string }
    }
    // Created on a and served at once by b, which then holds the library in memory.
    expect((await next()).text).toBe('Si no entrego el informe mañana estoy al horno.')
    const database = await openDatabase({ url, dataDir: 'unused' })
    try {
      await database.db.execute(
        sql`update examples set text = 'Si mañana no entrego el informe, estoy al horno.' where id = ${example.json().exampleId}`,
      )
    } finally {
      await database.close()
    }
    expect((await next()).text).toBe('Si mañana no entrego el informe, estoy al horno.')
  })

  it('answers sent at once to both instances are all kept, each seeing the ones before it', async () => {
    // Each instance writes learners' reviews in batches (group commit, decision 045): batches of
    // the two instances run at the same time on the same records and attempt ids, and must leave
    // what the same answers one after the other leave, with no deadlock and no lost review.
    const idiom = await a.inject({
      method: 'POST',
      url: '/api/admin/idiom',
      headers: as(admin),
      payload: { text: 'tomar el pelo', translation: 'to pull the leg', tone: 'Casual', usage: 8 },
    })
    expect(idiom.statusCode, idiom.body).toBe(200)
    const texts = [
      '¿Me estás tomando el pelo o lo decís en serio?',
      'Che, ¿me estás tomando el pelo con eso?',
    ]
    const cards: { exampleId: string; text: string }[] = []
    for (const text of texts) {
      const example = await a.inject({
        method: 'POST',
        url: '/api/admin/idiom-examples',
        headers: as(admin),
        payload: {
          idiomId: idiom.json().idiomId,
          text,
          conjugatedSnippet: 'tomando el pelo',
          translation: 'Are you pulling my leg or do you mean it?',
        },
      })
      expect(example.statusCode, example.body).toBe(200)
      cards.push({ exampleId: example.json().exampleId, text })
    }
    const mint = await tokenMinter(url, PUBLIC_URL)
    const learners = await Promise.all(
      Array.from({ length: 8 }, (_, i) => mint(`multi-burst-${i}`)),
    )
    for (const token of learners) {
      const res = await b.inject({
        method: 'POST',
        url: '/api/users/sync',
        headers: as(token),
        payload: {},
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const answer = (
      token: string,
      card: (typeof cards)[number],
      attemptId: string = randomUUID(),
    ) => ({
      method: 'POST' as const,
      url: '/api/exercises/evaluate',
      headers: as(token),
      payload: {
        exampleId: card.exampleId,
        userTranscription: card.text,
        userTranslation: 'Are you pulling my leg or do you mean it?',
        attemptId,
      },
    })
    // Per learner: three answers to the first card (two on a, one on b), one to the second card
    // on each instance, and one attempt id sent to both instances (a client retrying elsewhere).
    const sent: { learner: number; card: number; retry?: string; reply: Promise<LightReply> }[] = []
    learners.forEach((token, learner) => {
      const retry = randomUUID()
      const on = (app: FastifyInstance, card: number, attemptId?: string) =>
        sent.push({
          learner,
          card,
          ...(attemptId ? { retry: attemptId } : {}),
          reply: app.inject(answer(token, cards[card]!, attemptId)),
        })
      on(a, 0)
      on(b, 0)
      on(a, 0)
      on(a, 1)
      on(b, 1)
      on(learner % 2 ? a : b, 1, retry)
      on(learner % 2 ? b : a, 1, retry)
    })
    const replies = await Promise.all(sent.map((s) => s.reply))
    for (const r of replies) expect(r.statusCode, r.body).toBe(200)
    const database = await openDatabase({ url, dataDir: 'unused' })
    try {
      for (let learner = 0; learner < learners.length; learner++) {
        const mine = sent
          .map((s, i) => ({ ...s, body: replies[i]!.json() }))
          .filter((s) => s.learner === learner)
        for (const card of [0, 1]) {
          const answers = mine.filter((s) => s.card === card)
          // The retried attempt id scheduled once: both replies are the same payload.
          const retried = answers.filter((s) => s.retry)
          if (retried.length) expect(retried[1]!.body).toEqual(retried[0]!.body)
          // Three reviews per card: the retry counts once.
          const distinct = [...answers.filter((s) => !s.retry), ...retried.slice(0, 1)]
          const lengths = distinct
            .map((s) => (s.body as { progress: { history: unknown[] } }).progress.history.length)
            .sort()
          expect(lengths).toEqual([1, 2, 3])
          const progressId = (distinct[0]!.body as { progress: { progressId: string } }).progress
            .progressId
          const stored = (await database.db.execute(
            sql`select p.review_count as n, (select count(*)::int from review_log r where r.progress_id = p.id) as logged from progress p where p.id = ${progressId}`,
          )) as unknown as { rows: { n: number; logged: number }[] }
          expect(stored.rows).toEqual([{ n: 3, logged: 3 }])
        }
      }
    } finally {
      await database.close()
    }
  })

  it('Reset Caches on one instance clears the other one too', async () => {
    const current = await settingsOn(b) // cached on b
    // Changed behind both instances' backs (no notification): only a cache reset shows it.
    const database = await openDatabase({ url, dataDir: 'unused' })
    try {
      await database.db.execute(sql`update settings set value = '41' where key = 'dailyNewLimit'`)
    } finally {
      await database.close()
    }
    expect((await settingsOn(b)).dailyNewLimit).toBe(current.dailyNewLimit)
    const res = await a.inject({ method: 'GET', url: '/api/admin/resetcaches', headers: as(admin) })
    expect(res.statusCode).toBe(200)
    await within(1_000, async () => (await settingsOn(b)).dailyNewLimit === '41')
  })

  it('the beta password limit (10 a minute) is one budget across both instances', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await (i % 2 ? b : a).inject({
        method: 'POST',
        url: '/api/beta/verify',
        payload: { password: `guess ${i}` },
        remoteAddress: '203.0.113.9',
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('the help chat limit (20 a minute) is one budget across both instances', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const res = await (i % 2 ? b : a).inject({
        method: 'POST',
        url: '/api/chat',
        payload: { question: '¿Cómo funciona el repaso?' },
        remoteAddress: '203.0.113.10',
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true)
    expect(statuses[20]).toBe(429)
  })

  it('sign-in attempts counted by either instance share one budget per address and e-mail', async () => {
    // The embedded provider's limiter of each instance, each on its own connection pool.
    const dbs: Database[] = await Promise.all([
      openDatabase({ url, dataDir: 'unused' }),
      openDatabase({ url, dataDir: 'unused' }),
    ])
    try {
      const limiters = dbs.map((d) =>
        createSharedRateLimiter({
          counter: createSharedCounter(d.db),
          name: 'signin',
          max: 10,
          windowMs: 60_000,
        }),
      )
      const waits: (number | undefined)[] = []
      for (let i = 0; i < 11; i++) {
        waits.push(await limiters[i % 2]!.hit([`ip:198.51.100.${i}`, 'email:lu@example.com']))
      }
      expect(waits.slice(0, 10)).toEqual(Array(10).fill(undefined))
      expect(waits[10]).toBeGreaterThan(0)
    } finally {
      await Promise.all(dbs.map((d) => d.close()))
    }
  })
})
