import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Evaluation } from '@che/core'
import { newCard } from '@che/core/scheduler'
import { createLlmClient } from '../../ai/llm-client.js'
import { createTestDatabase, type TestDatabase } from '../../db/test-db.js'
import { examples, idioms, progress, reviewLog, users } from '../../db/schema.js'
import { startHttpPeer, type HttpPeer } from '../../test/http-peer.js'
import {
  createReportsRepo,
  type HistoryWithIdiom,
  type NewReportRow,
  type ReportRow,
  type ReportsRepo,
} from './reports.repo.js'
import { createReportsService, toReportReviews } from './reports.service.js'

const NOW = new Date('2026-03-10T15:00:00.000Z')

/** `n` reviews on consecutive days at 12:00 UTC; every third has a minor translation. */
function history(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2026, 1, 1 + i, 12)).toISOString(),
    rating: i % 3 === 0 ? 'hard' : 'good',
    evaluation: {
      transcriptionAccuracy: 'perfect',
      translationAccuracy: i % 3 === 0 ? 'minor' : 'perfect',
      mistakeType: i % 3 === 0 ? 'detail' : 'none',
      missedWords: [],
    },
  }))
}

function fakeRepo(records: HistoryWithIdiom[]) {
  const rows: ReportRow[] = []
  const repo: ReportsRepo = {
    histories: async () => records,
    countReviews: async () => records.reduce((n, r) => n + r.history.length, 0),
    list: async () => [...rows].reverse(),
    latest: async () => rows.at(-1),
    find: async (_user, id) => rows.find((r) => r.id === id),
    async insertOnce(row: NewReportRow) {
      const existing = rows.find(
        (r) => r.userId === row.userId && r.reviewCountAtGeneration === row.reviewCountAtGeneration,
      )
      if (existing) return { row: existing, created: false }
      const created = { ...row, id: randomUUID(), generatedAt: row.generatedAt ?? NOW } as ReportRow
      rows.push(created)
      return { row: created, created: true }
    },
  }
  return { repo, rows }
}

function silentLog() {
  const warnings: { obj: object; msg: string }[] = []
  return { warnings, warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) }
}

const record = (n: number): HistoryWithIdiom => ({
  history: history(n),
  idiomText: 'estar al horno',
  tone: 'Casual',
  usage: 9,
})
const settings = (min: number) => ({ all: async () => ({ reportMinReviews: String(min) }) })

describe('reportsService', () => {
  describe('list', () => {
    it('reports state 4 below the minimum and generates nothing', async () => {
      const { repo, rows } = fakeRepo([record(4)])
      const service = createReportsService({
        reports: repo,
        settings: settings(5),
        prompt: async () => undefined,
        llm: undefined,
        clock: () => NOW,
        log: silentLog(),
      })
      expect(await service.list('u1', { generate: true })).toEqual({ reports: [], state: 4 })
      expect(rows).toHaveLength(0)
    })

    it('uses the default minimum of 20 when the setting is missing or not a number', async () => {
      const { repo } = fakeRepo([record(19)])
      const service = createReportsService({
        reports: repo,
        settings: { all: async () => ({ reportMinReviews: 'lots' }) },
        prompt: async () => undefined,
        llm: undefined,
        clock: () => NOW,
        log: silentLog(),
      })
      expect((await service.list('u1', { generate: true })).state).toBe(4)
    })

    it('writes the local report with its facts, engine and review count', async () => {
      const { repo, rows } = fakeRepo([record(6)])
      const service = createReportsService({
        reports: repo,
        settings: settings(5),
        prompt: async () => undefined,
        llm: undefined,
        clock: () => NOW,
        log: silentLog(),
      })
      const set = await service.list('u1', { generate: true, timeZone: 'Europe/Madrid' })
      expect(set.state).toBe(1)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        userId: 'u1',
        engine: 'local',
        reviewCountAtGeneration: 6,
        generatedAt: NOW,
      })
      expect(set.reports[0]!.facts).toMatchObject({
        reviewCount: 6,
        timeZone: 'Europe/Madrid',
        overall: { perfect: 4, perfectRate: 67 },
        byMistakeType: [{ mistakeType: 'detail', count: 2, share: 33 }],
      })
      // Nothing new: a second generate writes nothing.
      await service.list('u1', { generate: true })
      expect(rows).toHaveLength(1)
    })
  })

  describe('get', () => {
    it('throws NOT_FOUND for an unknown report', async () => {
      const { repo } = fakeRepo([])
      const service = createReportsService({
        reports: repo,
        settings: settings(5),
        prompt: async () => undefined,
        llm: undefined,
        clock: () => NOW,
        log: silentLog(),
      })
      await expect(service.get('u1', randomUUID())).rejects.toMatchObject({
        code: 'NOT_FOUND',
        status: 404,
      })
    })
  })

  describe('LLM phrasing (a local chat-completions server)', () => {
    let peer: HttpPeer
    let answer: () => Promise<{ status: number; json: unknown }>
    const chat = (content: string) => ({
      status: 200,
      json: { choices: [{ message: { role: 'assistant', content } }] },
    })

    beforeAll(async () => {
      peer = await startHttpPeer(() => answer())
    })
    afterAll(() => peer.close())
    afterEach(() => {
      peer.requests.length = 0
    })

    async function generateWith(
      reply: () => Promise<{ status: number; json: unknown }>,
      timeoutMs = 2_000,
    ) {
      answer = reply
      const { repo, rows } = fakeRepo([record(6)])
      const log = silentLog()
      const service = createReportsService({
        reports: repo,
        settings: settings(5),
        prompt: async () => 'ADMIN REPORT PROMPT',
        llm: createLlmClient({ baseUrl: peer.url, apiKey: 'k', model: 'm' }),
        llmTimeoutMs: timeoutMs,
        clock: () => NOW,
        log,
      })
      await service.list('u1', { generate: true })
      return { row: rows[0]!, log }
    }

    const good = {
      insights: [
        {
          pattern: 'Mostly perfect',
          description: '4 of your 6 reviews were perfect (67%).',
          suggestion: 'Watch the translation details.',
        },
      ],
      strategyTips: ['Check verbs and pronouns before you submit.'],
    }

    it('keeps a valid answer whose numbers all come from the facts', async () => {
      const { row, log } = await generateWith(async () => chat(JSON.stringify(good)))
      expect(row).toMatchObject({
        engine: 'llm',
        insights: good.insights,
        strategyTips: good.strategyTips,
      })
      expect(log.warnings).toEqual([])
      const sent = peer.requests[0]!.body as {
        messages: { role: string; content: string }[]
        response_format: unknown
      }
      expect(sent.messages[0]).toEqual({ role: 'system', content: 'ADMIN REPORT PROMPT' })
      expect(sent.messages[1]!.content).toContain('"reviewCount":6')
      expect(sent.response_format).toEqual({ type: 'json_object' })
    })

    it('accepts an answer in a Markdown fence', async () => {
      const { row } = await generateWith(async () =>
        chat(`\`\`\`json\n${JSON.stringify(good)}\n\`\`\``),
      )
      expect(row.engine).toBe('llm')
    })

    it.each([
      ['malformed JSON', async () => chat('{"insights": [{"pattern": "oops"')],
      ['JSON of the wrong shape', async () => chat(JSON.stringify({ insights: 'none', tips: [] }))],
      ['no insights', async () => chat(JSON.stringify({ insights: [], strategyTips: [] }))],
      [
        'an invented number',
        async () => chat(JSON.stringify({ ...good, strategyTips: ['Do 45 reviews a day.'] })),
      ],
      ['a server error', async () => ({ status: 500, json: { error: 'down' } })],
    ])('falls back to the local phrasing on %s, and logs it', async (_name, reply) => {
      const { row, log } = await generateWith(reply)
      expect(row.engine).toBe('local')
      expect((row.insights as { pattern: string }[])[0]!.pattern).toBe('Your overall accuracy')
      expect(log.warnings).toHaveLength(1)
      expect(log.warnings[0]!.msg).toMatch(/local phrasing used/)
    })

    it('falls back when the model is slower than the time-out', async () => {
      const started = Date.now()
      const { row, log } = await generateWith(async () => {
        await new Promise((r) => setTimeout(r, 1_000))
        return chat(JSON.stringify(good))
      }, 150)
      expect(Date.now() - started).toBeLessThan(900)
      expect(row.engine).toBe('local')
      expect(JSON.stringify(log.warnings[0]!.obj)).toMatch(/within 150 ms/)
    })
  })
})

describe('reportsRepo.insertOnce', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())

  it('keeps one report per user and review count when two instances generate at once', async () => {
    const { db } = database
    const [user] = await db
      .insert(users)
      .values({ issuer: 'https://idp.test', subject: randomUUID() })
      .returning()
    const [idiom] = await db
      .insert(idioms)
      .values({
        text: 'estar al horno',
        translation: 'to be in trouble',
        normalizedText: `estar al horno ${randomUUID()}`,
      })
      .returning()
    const [example] = await db
      .insert(examples)
      .values({ idiomId: idiom!.id, text: 'Estoy al horno.', conjugatedSnippet: 'estoy al horno' })
      .returning()
    const [record] = await db
      .insert(progress)
      .values({
        userId: user!.id,
        exampleId: example!.id,
        idiomId: idiom!.id,
        card: newCard(NOW),
        dueAt: NOW,
        reviewCount: 7,
      })
      .returning()
    await db.insert(reviewLog).values(
      history(7).map((entry) => ({
        progressId: record!.id,
        userId: user!.id,
        reviewedAt: new Date(entry.date as string),
        rating: entry.rating as string,
        state: 'review',
        elapsedDays: 1,
        scheduledDays: 1,
        stability: 1,
        difficulty: 5,
        evaluation: entry.evaluation as unknown as Evaluation,
      })),
    )
    expect(await createReportsRepo(db).histories(user!.id)).toEqual([
      { history: history(7), idiomText: 'estar al horno', tone: idiom!.tone, usage: idiom!.usage },
    ])
    // Two services, as two server processes would have: no shared in-process guard.
    const make = () =>
      createReportsService({
        reports: createReportsRepo(db),
        settings: settings(5),
        prompt: async () => undefined,
        llm: undefined,
        clock: () => NOW,
        log: silentLog(),
      })
    const [a, b] = await Promise.all([
      make().list(user!.id, { generate: true }),
      make().list(user!.id, { generate: true }),
    ])
    expect(a.reports).toHaveLength(1)
    expect(b.reports).toEqual(a.reports)
    expect(await createReportsRepo(db).countReviews(user!.id)).toBe(7)
    expect(await createReportsRepo(db).list(user!.id)).toHaveLength(1)
  })
})

describe('toReportReviews', () => {
  it('joins each review with its idiom, keeps missed words and skips entries without grades', () => {
    const reviews = toReportReviews([
      {
        history: [
          ...history(1),
          {
            date: '2026-02-03T12:00:00.000Z',
            evaluation: {
              transcriptionAccuracy: 'major',
              translationAccuracy: 'perfect',
              missedWords: ['che', 3],
            },
          },
          { date: '2026-02-04T12:00:00.000Z' },
        ],
        idiomText: 'ser pan comido',
        tone: 'Neutral',
        usage: 3,
      },
    ])
    expect(reviews).toEqual([
      expect.objectContaining({
        idiomText: 'ser pan comido',
        tone: 'Neutral',
        usage: 3,
        rating: 'hard',
        mistakeType: 'detail',
      }),
      {
        date: '2026-02-03T12:00:00.000Z',
        transcriptionAccuracy: 'major',
        translationAccuracy: 'perfect',
        tone: 'Neutral',
        usage: 3,
        idiomText: 'ser pan comido',
        missedWords: ['che'],
        rating: 'again',
      },
    ])
  })
})
