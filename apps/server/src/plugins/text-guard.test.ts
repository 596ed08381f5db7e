import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bugReports, idioms } from '../db/schema.js'
import { seedExample, fakeSynthesizer } from '../modules/exercises/exercises.fixtures.js'
import { bearer, startTestApp, type TestApp } from '../test/support.js'

describe('control characters in any text field', () => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await startTestApp({}, { contentDir: false, synthesizer: fakeSynthesizer() })
    admin = (await t.userWithRole('admin')).token
  })
  afterAll(() => t.close())

  const refused = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: expect.arrayContaining([{ field, message: expect.any(String) }]),
    })
  }

  it('refuses NUL in a JSON body with 400 naming the field, and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reportbug',
      headers: bearer(admin),
      payload: { title: 'Broken\u0000title', body: 'Body', labels: ['Other (describe below)'] },
    })
    refused(res, 'title')
    expect(await t.database.db.select().from(bugReports)).toEqual([])

    const idiom = await t.app.inject({
      method: 'POST',
      url: '/api/admin/idiom',
      headers: bearer(admin),
      payload: { text: 'estar\u0000 al horno', translation: 'x', tone: 'Casual', usage: 8 },
    })
    refused(idiom, 'text')
    expect(await t.database.db.select().from(idioms)).toEqual([])
  })

  it('names nested fields, array items and map keys', async () => {
    const prefs = await t.app.inject({
      method: 'POST',
      url: '/api/users/preferences',
      headers: bearer(admin),
      payload: { preferences: { filter: { tone: 'Casual\u0007' } } },
    })
    refused(prefs, 'preferences.filter.tone')
    const labels = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reportbug',
      headers: bearer(admin),
      payload: { title: 'T', body: 'B', labels: ['Other (describe below)', 'esc\u001b'] },
    })
    refused(labels, 'labels.1')
    const settings = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(admin),
      payload: { settings: { 'bad\u0000key': 'v' } },
    })
    refused(settings, 'settings.bad\u0000key')
  })

  it('refuses a lone surrogate (half an emoji) with 400 rather than failing in the database', async () => {
    // Found by contract.fuzz.test.ts: PostgreSQL cannot store '\ud800' in JSONB, so it answered 500.
    const prefs = await t.app.inject({
      method: 'POST',
      url: '/api/users/preferences',
      headers: bearer(admin),
      payload: { preferences: { getNextExample: '\ud800', offlineExercises: 0 } },
    })
    refused(prefs, 'preferences.getNextExample')
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reportbug',
      headers: bearer(admin),
      payload: { title: 'Mate \ud83e', body: 'B', labels: ['Other (describe below)'] },
    })
    refused(report, 'title')
    expect(await t.database.db.select().from(bugReports)).toEqual([])
  })

  it('refuses them in the query string and in path parameters', async () => {
    refused(
      await t.app.inject({
        method: 'GET',
        url: '/api/exercises/stats?tz=Europe%2FMadrid%00',
        headers: bearer(admin),
      }),
      'tz',
    )
    refused(
      await t.app.inject({ method: 'GET', url: '/api/idiom/abc%00def', headers: bearer(admin) }),
      'id',
    )
  })

  it('refuses them in multipart fields', async () => {
    const ex = await seedExample(t, admin)
    const fd = new FormData()
    fd.append('text', 'Uy,\u0000 metiste la pata.')
    fd.append('conjugatedSnippet', 'metiste la pata')
    fd.append('voice', 'Sofía')
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/example/${ex.exampleId}`,
      headers: bearer(admin),
      payload: fd,
    })
    refused(res, 'text')
  })

  it('keeps tabs, line breaks and any letter', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reportbug',
      headers: bearer(admin),
      payload: {
        title: 'Ñandú 🧉',
        body: 'Line one\r\nline two\tand a tab',
        labels: ['Other (describe below)'],
      },
    })
    expect(res.statusCode).toBe(200)
  })
})
