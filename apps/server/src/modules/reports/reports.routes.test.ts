import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Evaluation, Report, ReportSet } from '@che/core'
import { newCard } from '@che/core/scheduler'
import { progress, reviewLog } from '../../db/schema.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { startHttpPeer, type HttpPeer } from '../../test/http-peer.js'
import {
  fakeSynthesizer,
  perfect,
  seedExample,
  type SeededExample,
} from '../exercises/exercises.fixtures.js'

const T0 = Date.parse('2026-03-02T15:00:00.000Z')
const MIN_REVIEWS = 3

const reportShape = {
  reportId: expect.any(String),
  generated: expect.any(String),
  insights: expect.any(Array),
  strategyTips: expect.any(Array),
  facts: expect.any(Object),
  engine: 'local',
  reviewCount: expect.any(Number),
}

describe('reports API', () => {
  let t: TestApp
  let admin = ''
  let now = T0
  let example: SeededExample

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })
  const answer = (token: string, body = perfect(example)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/exercises/evaluate',
      headers: bearer(token),
      payload: { exampleId: example.exampleId, ...body },
    })
  async function review(token: string, times = 1) {
    for (let i = 0; i < times; i++) {
      now += 60_000
      const res = await answer(token)
      expect(res.statusCode, res.body).toBe(200)
    }
  }

  beforeAll(async () => {
    t = await startTestApp(
      {},
      { clock: () => new Date(now), contentDir: false, synthesizer: fakeSynthesizer() },
    )
    admin = (await t.userWithRole('admin')).token
    const current = (await get('/api/settings', admin)).json().settings as Record<string, string>
    expect(current.reportMinReviews).toBe('20')
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(admin),
      payload: { settings: { ...current, reportMinReviews: String(MIN_REVIEWS) } },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    example = await seedExample(t, admin, { tone: 'Street', usage: 6 })
  })
  afterAll(() => t.close())

  it('asks anonymous callers to sign in', async () => {
    for (const url of ['/api/reports', '/api/reports?generate=1', `/api/report/${randomUUID()}`]) {
      const res = await get(url)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
    }
  })

  it('goes from state 4 to 1 at reportMinReviews, generates once per new review, lists newest first', async () => {
    const { token } = await t.userWithRole('learner')
    expect((await get('/api/reports', token)).json()).toEqual({ reports: [], state: 4 })

    await review(token, MIN_REVIEWS - 1)
    // Too few reviews: generating is refused quietly, the set still says 4.
    const early = await get('/api/reports?generate=1', token)
    expect(early.statusCode).toBe(200)
    expect(early.json()).toEqual({ reports: [], state: 4 })

    await review(token)
    expect((await get('/api/reports', token)).json()).toEqual({ reports: [], state: 1 })

    const first = await get('/api/reports?generate=1&tz=America/Argentina/Buenos_Aires', token)
    expect(first.statusCode, first.body).toBe(200)
    const set = ReportSet.parse(first.json())
    expect(set.state).toBe(1)
    expect(set.reports).toHaveLength(1)
    const report = set.reports[0]!
    expect(report).toEqual({
      ...reportShape,
      reviewCount: MIN_REVIEWS,
      generated: new Date(now).toISOString(),
    })
    expect(report.facts).toMatchObject({
      reviewCount: MIN_REVIEWS,
      timeZone: 'America/Buenos_Aires',
      overall: { reviews: MIN_REVIEWS, perfect: MIN_REVIEWS, perfectRate: 100 },
      byTone: [{ tone: 'Street', reviews: MIN_REVIEWS, perfect: MIN_REVIEWS, perfectRate: 100 }],
      byBand: [{ band: 'common', reviews: MIN_REVIEWS, perfect: MIN_REVIEWS, perfectRate: 100 }],
      streak: { current: 1, longest: 1 },
    })
    expect(report.insights[0]).toEqual({
      pattern: 'Your overall accuracy',
      description:
        'In 3 reviews, 100% had both the transcription and the translation perfect (3 of 3).',
      suggestion: expect.any(String),
    })
    expect(report.strategyTips.length).toBeGreaterThanOrEqual(2)

    // Nothing new: generating again (twice at once, too) returns the same single report.
    const [again, twice] = await Promise.all([
      get('/api/reports?generate=1', token),
      get('/api/reports?generate=1', token),
    ])
    expect(again.json()).toEqual(set)
    expect(twice.json()).toEqual(set)
    expect((await get('/api/reports', token)).json()).toEqual(set)

    // A new review, then two concurrent generates: one new report.
    await review(token)
    now += 60_000
    const both = await Promise.all([
      get('/api/reports?generate=1', token),
      get('/api/reports?generate=1', token),
    ])
    for (const res of both) expect(res.statusCode).toBe(200)
    const after = ReportSet.parse((await get('/api/reports', token)).json())
    expect(after.reports.map((r) => r.reviewCount)).toEqual([MIN_REVIEWS + 1, MIN_REVIEWS])
    expect(after.reports[1]).toEqual(report)
    expect(after.state).toBe(1)

    const one = await get(`/api/report/${report.reportId}`, token)
    expect(one.statusCode).toBe(200)
    expect(Report.parse(one.json())).toEqual(report)
  })

  it('answers 404 for another user’s report and for an unknown id', async () => {
    const owner = await t.userWithRole('learner')
    await review(owner.token, MIN_REVIEWS)
    const set = (await get('/api/reports?generate=1', owner.token)).json() as {
      reports: { reportId: string }[]
    }
    const id = set.reports[0]!.reportId
    const other = await t.userWithRole('learner')
    for (const url of [`/api/report/${id}`, `/api/report/${randomUUID()}`]) {
      const res = await get(url, other.token)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
    }
    // Nor does it show in the other user's list.
    expect((await get('/api/reports', other.token)).json()).toEqual({ reports: [], state: 4 })
    // Admins see only their own reports too.
    expect((await get(`/api/report/${id}`, admin)).statusCode).toBe(404)
  })

  it('refuses a malformed id and a bad generate flag with VALIDATION_FAILED', async () => {
    const { token } = await t.userWithRole('learner')
    for (const url of ['/api/report/not-a-uuid', '/api/reports?generate=yes']) {
      const res = await get(url, token)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
    }
  })

  it('works for editors and admins on their own history', async () => {
    for (const role of ['editor', 'admin'] as const) {
      const { token } = await t.userWithRole(role)
      await review(token, MIN_REVIEWS)
      const res = await get('/api/reports?generate=1', token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ reports: [reportShape], state: 1 })
    }
  })
})

describe('reports API with an LLM', () => {
  let t: TestApp
  let peer: HttpPeer
  let reply: () => { status: number; json: unknown }

  const chat = (content: string) => ({
    status: 200,
    json: { choices: [{ message: { role: 'assistant', content } }] },
  })

  beforeAll(async () => {
    peer = await startHttpPeer(() => reply())
    t = await startTestApp(
      { LLM_BASE_URL: peer.url, LLM_MODEL: 'test-model' },
      { contentDir: false },
    )
  })
  afterAll(async () => {
    await t.close()
    await peer.close()
  })

  /** A learner with `n` perfect reviews written straight into the progress table and review log. */
  async function learnerWithReviews(n: number) {
    const { user, token } = await t.userWithRole('learner')
    const admin = (await t.userWithRole('admin')).token
    const example = await seedExample(t, admin, { tone: 'Casual', usage: 9 })
    const [record] = await t.database.db
      .insert(progress)
      .values({
        userId: user.id,
        exampleId: example.exampleId,
        idiomId: example.idiomId,
        card: newCard(new Date()),
        dueAt: new Date(),
        reviewCount: n,
        perfectCount: n,
      })
      .returning()
    const reviews = Array.from({ length: n }, (_, i) => ({
      progressId: record!.id,
      userId: user.id,
      reviewedAt: new Date(Date.UTC(2026, 0, 5 + i, 12)),
      rating: 'good',
      // Reports read a review's date, rating and grades only.
      evaluation: {
        transcriptionAccuracy: 'perfect',
        translationAccuracy: 'perfect',
        mistakeType: 'none',
        missedWords: [],
      } as unknown as Evaluation,
      state: 'review',
      elapsedDays: 1,
      scheduledDays: 1,
      stability: 1,
      difficulty: 5,
    }))
    if (reviews.length) await t.database.db.insert(reviewLog).values(reviews)
    return token
  }

  it('uses the model’s phrasing and sends it the report prompt and the computed facts only', async () => {
    reply = () =>
      chat(
        JSON.stringify({
          insights: [
            {
              pattern: 'Spotless',
              description: 'All 20 of your reviews were perfect.',
              suggestion: 'Try rarer idioms.',
            },
          ],
          strategyTips: ['Keep a daily rhythm.'],
        }),
      )
    const token = await learnerWithReviews(20)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports?generate=1',
      headers: bearer(token),
    })
    expect(res.statusCode, res.body).toBe(200)
    const report = res.json().reports[0]
    expect(report).toMatchObject({
      engine: 'llm',
      insights: [
        {
          pattern: 'Spotless',
          description: 'All 20 of your reviews were perfect.',
          suggestion: 'Try rarer idioms.',
        },
      ],
      strategyTips: ['Keep a daily rhythm.'],
    })
    const sent = peer.requests.at(-1)!.body as {
      model: string
      messages: { role: string; content: string }[]
    }
    expect(sent.model).toBe('test-model')
    expect(sent.messages[0]!.content).toMatch(/progress report/)
    const facts = JSON.parse(
      sent.messages[1]!.content.slice(sent.messages[1]!.content.indexOf('{')),
    )
    expect(facts).toEqual(report.facts)
  })

  it('falls back to the local phrasing when the model invents a number', async () => {
    reply = () =>
      chat(
        JSON.stringify({
          insights: [
            {
              pattern: 'Spotless',
              description: 'You beat 87% of learners.',
              suggestion: 'Keep going.',
            },
          ],
          strategyTips: [],
        }),
      )
    const token = await learnerWithReviews(20)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports?generate=1',
      headers: bearer(token),
    })
    expect(res.json().reports[0]).toMatchObject({
      engine: 'local',
      insights: expect.arrayContaining([
        expect.objectContaining({ pattern: 'Your overall accuracy' }),
      ]),
    })
  })
})
