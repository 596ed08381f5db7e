import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { api, ErrorBody, Idiom, IdiomSummary, TONES } from '@che/core'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'

describe('idioms routes', () => {
  let t: TestApp
  let admin: string
  let editor: string
  let learner: string
  beforeAll(async () => {
    t = await startTestApp({}, { contentDir: false })
    admin = (await t.userWithRole('admin')).token
    editor = (await t.userWithRole('editor')).token
    learner = (await t.userWithRole('learner')).token
  })
  afterAll(() => t.close())

  const post = (url: string, token: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    })
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const create = (payload: unknown, token = admin) => post('/api/admin/idiom', token, payload)
  let n = 0
  const unique = (base: string) => `${base} ${++n}`

  function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
    expect(res.statusCode).toBe(status)
    const body = ErrorBody.parse(res.json())
    expect(body.code).toBe(code)
    return body
  }

  describe('GET /api/idioms/tones', () => {
    it('gives the five tones with a description each', async () => {
      const res = await get('/api/idioms/tones', learner)
      expect(res.statusCode).toBe(200)
      const body = api.idiomTones.response.parse(res.json())
      expect(body.map((x) => x.tone)).toEqual([...TONES])
      for (const x of body) expect(x.description.length).toBeGreaterThan(10)
    })
  })

  describe('POST /api/admin/idiom', () => {
    it('creates an idiom with Casual and 8 by default and returns it', async () => {
      const text = unique('Estar al horno')
      const res = await create({ text: `  ${text} `, translation: 'to be in trouble' })
      expect(res.statusCode).toBe(200)
      const idiom = Idiom.parse(res.json())
      expect(idiom).toEqual({
        idiomId: expect.any(String),
        text,
        translation: 'to be in trouble',
        meanings: [],
        literals: [],
        tone: 'Casual',
        usage: 8,
        source: '',
        createdAt: expect.any(String),
        examples: [],
        assigned: null,
      })
      const again = await get(`/api/idiom/${idiom.idiomId}`, learner)
      expect(Idiom.parse(again.json())).toEqual(idiom)
    })

    it('refuses a duplicate that differs only in accents and case with 409 CONFLICT', async () => {
      const text = unique('Está que arde')
      expect(
        (await create({ text, translation: 'it is on fire', tone: 'Neutral', usage: 6 }))
          .statusCode,
      ).toBe(200)
      const res = await create({ text: text.toUpperCase().replace('Á', 'A'), translation: 'again' })
      const body = expectError(res, 409, 'CONFLICT')
      expect(body.details).toEqual([{ field: 'text', message: expect.any(String) }])
    })

    it.each([
      ['empty text', { text: '  ', translation: 'x' }, 'text'],
      ['empty translation', { text: 'algo', translation: '' }, 'translation'],
      ['usage 0', { text: 'algo', translation: 'x', usage: 0 }, 'usage'],
      ['usage 11', { text: 'algo', translation: 'x', usage: 11 }, 'usage'],
      ['usage "eight"', { text: 'algo', translation: 'x', usage: 'eight' }, 'usage'],
      ['usage 2.5', { text: 'algo', translation: 'x', usage: 2.5 }, 'usage'],
      ['an unknown tone', { text: 'algo', translation: 'x', tone: 'Formal' }, 'tone'],
    ])('refuses %s with VALIDATION_FAILED on that field', async (_name, payload, field) => {
      const body = expectError(await create(payload), 400, 'VALIDATION_FAILED')
      expect(body.details).toEqual([{ field, message: expect.any(String) }])
    })

    it('says what the admin form says for a missing or too-long value (both check IdiomFields)', async () => {
      const body = expectError(
        await create({
          text: 'a'.repeat(301),
          translation: ' ',
          meanings: ['ok', 'b'.repeat(201)],
        }),
        400,
        'VALIDATION_FAILED',
      )
      // The same words apps/web/src/features/admin/idiom/idiom-form.test.tsx expects under the fields.
      expect(body.details).toEqual([
        { field: 'text', message: 'Too big: expected string to have <=300 characters' },
        { field: 'translation', message: 'Translation is required' },
        { field: 'meanings.1', message: 'Too big: expected string to have <=200 characters' },
      ])
    })

    it('lets only admins create', async () => {
      expectError(await create({ text: 'x', translation: 'y' }, learner), 403, 'FORBIDDEN')
      expectError(await create({ text: 'x', translation: 'y' }, editor), 403, 'FORBIDDEN')
      const anon = await t.app.inject({
        method: 'POST',
        url: '/api/admin/idiom',
        payload: { text: 'x', translation: 'y' },
      })
      expectError(anon, 401, 'UNAUTHENTICATED')
    })
  })

  describe('POST /api/admin/idiom/update', () => {
    it('changes only the fields sent', async () => {
      const made = Idiom.parse(
        (
          await create({
            text: unique('Ser un pan de Dios'),
            translation: 'kind',
            tone: 'Neutral',
            usage: 5,
            source: 'abuela',
          })
        ).json(),
      )
      const res = await post('/api/admin/idiom/update', admin, {
        idiomId: made.idiomId,
        translation: 'a very kind person',
      })
      expect(res.statusCode).toBe(200)
      expect(Idiom.parse(res.json())).toEqual({ ...made, translation: 'a very kind person' })
    })

    it('changes the text and its duplicate key together', async () => {
      const made = Idiom.parse(
        (await create({ text: unique('Tirar la toalla'), translation: 'give up' })).json(),
      )
      const text = unique('Tirar la esponja')
      const res = await post('/api/admin/idiom/update', admin, {
        idiomId: made.idiomId,
        text,
        usage: '3',
        tone: 'Street',
      })
      expect(Idiom.parse(res.json())).toMatchObject({
        text,
        usage: 3,
        tone: 'Street',
        translation: 'give up',
      })
      expectError(await create({ text: text.toLowerCase(), translation: 'x' }), 409, 'CONFLICT')
    })

    it('refuses to take another idiom’s text with 409', async () => {
      const a = Idiom.parse(
        (await create({ text: unique('Chamuyar'), translation: 'sweet-talk' })).json(),
      )
      const b = Idiom.parse((await create({ text: unique('Chantar'), translation: 'dump' })).json())
      expectError(
        await post('/api/admin/idiom/update', admin, { idiomId: b.idiomId, text: a.text }),
        409,
        'CONFLICT',
      )
      expect(Idiom.parse((await get(`/api/idiom/${b.idiomId}`, admin)).json()).text).toBe(b.text)
    })

    it('answers NOT_FOUND for an unknown id and VALIDATION_FAILED for bad values', async () => {
      expectError(
        await post('/api/admin/idiom/update', admin, {
          idiomId: crypto.randomUUID(),
          translation: 'x',
        }),
        404,
        'NOT_FOUND',
      )
      expectError(
        await post('/api/admin/idiom/update', admin, { idiomId: 'nope', translation: 'x' }),
        400,
        'VALIDATION_FAILED',
      )
      const made = Idiom.parse(
        (await create({ text: unique('Al toque'), translation: 'right away' })).json(),
      )
      for (const bad of [
        { usage: 0 },
        { usage: 11 },
        { usage: 'eight' },
        { tone: 'Posh' },
        { text: '' },
      ]) {
        expectError(
          await post('/api/admin/idiom/update', admin, { idiomId: made.idiomId, ...bad }),
          400,
          'VALIDATION_FAILED',
        )
      }
      // An admin's read also says the lists are the admin's own (decision 065).
      expect(Idiom.parse((await get(`/api/idiom/${made.idiomId}`, admin)).json())).toEqual({
        ...made,
        listsOrigin: 'own',
      })
    })

    it('lets only admins update', async () => {
      const made = Idiom.parse(
        (await create({ text: unique('Mala leche'), translation: 'bad intent' })).json(),
      )
      expectError(
        await post('/api/admin/idiom/update', editor, { idiomId: made.idiomId, translation: 'x' }),
        403,
        'FORBIDDEN',
      )
      expectError(
        await post('/api/admin/idiom/update', learner, { idiomId: made.idiomId, translation: 'x' }),
        403,
        'FORBIDDEN',
      )
    })
  })

  describe('GET /api/idiom/:id', () => {
    it('answers NOT_FOUND for an unknown id and VALIDATION_FAILED for a malformed one', async () => {
      expectError(await get(`/api/idiom/${crypto.randomUUID()}`, learner), 404, 'NOT_FOUND')
      expectError(await get('/api/idiom/123', learner), 400, 'VALIDATION_FAILED')
    })
  })

  describe('GET /api/idioms', () => {
    it('lists summaries with example counts, and full records with ?full=true', async () => {
      const made = Idiom.parse(
        (
          await create({
            text: unique('Hacer la vaca'),
            translation: 'pool money',
            tone: 'Casual',
            usage: 7,
          })
        ).json(),
      )
      const ex = await post('/api/admin/idiom-examples', admin, {
        idiomId: made.idiomId,
        text: 'Hagamos la vaca para el asado.',
        conjugatedSnippet: 'Hagamos la vaca',
      })
      expect(ex.statusCode).toBe(200)

      const list = z.array(IdiomSummary).parse((await get('/api/idioms', editor)).json())
      expect(list.find((i) => i.idiomId === made.idiomId)).toEqual({
        idiomId: made.idiomId,
        text: made.text,
        translation: 'pool money',
        tone: 'Casual',
        usage: 7,
        source: '',
        createdAt: made.createdAt,
        exampleCount: 1,
      })
      expect(list.every((i) => i.exampleCount >= 0)).toBe(true)

      const full = z.array(Idiom).parse((await get('/api/idioms?full=true', admin)).json())
      const mine = full.find((i) => i.idiomId === made.idiomId)!
      expect(mine.examples).toEqual([
        {
          exampleId: expect.any(String),
          idiomId: made.idiomId,
          text: 'Hagamos la vaca para el asado.',
          conjugatedSnippet: 'Hagamos la vaca',
          translation: '',
          source: '',
          audio: null,
        },
      ])
      expect(full).toHaveLength(list.length)
    })

    it('is for editors and admins only', async () => {
      expectError(await get('/api/idioms', learner), 403, 'FORBIDDEN')
      expectError(await get('/api/idioms?full=yes', admin), 400, 'VALIDATION_FAILED')
    })
  })
})
