import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { ErrorBody, Example, Idiom } from '@che/core'
import { examples } from '../../db/schema.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { wav } from '../../test/audio.js'

describe('examples routes', () => {
  let t: TestApp
  let admin: string
  let editor: string
  let learner: string
  let idiom: Idiom
  beforeAll(async () => {
    t = await startTestApp({}, { contentDir: false })
    admin = (await t.userWithRole('admin')).token
    editor = (await t.userWithRole('editor')).token
    learner = (await t.userWithRole('learner')).token
    const res = await post('/api/admin/idiom', admin, {
      text: 'Meter la pata',
      translation: 'to put your foot in it',
      tone: 'Neutral',
      usage: 9,
    })
    idiom = Idiom.parse(res.json())
  })
  afterAll(() => t.close())

  function post(url: string, token: string, payload: unknown) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    })
  }
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const createExample = (body: Record<string, unknown>, token = admin) =>
    post('/api/admin/idiom-examples', token, { idiomId: idiom.idiomId, ...body })

  function form(
    fields: Record<string, string>,
    file?: { bytes: Uint8Array; name: string; type: string },
  ): FormData {
    const fd = new FormData()
    for (const [k, v] of Object.entries(fields)) fd.append(k, v)
    if (file) fd.append('file', new Blob([file.bytes], { type: file.type }), file.name)
    return fd
  }
  const upload = (id: string, fd: FormData, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/example/${id}`, headers: bearer(token), payload: fd })

  function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
    expect(res.statusCode).toBe(status)
    const body = ErrorBody.parse(res.json())
    expect(body.code).toBe(code)
    return body
  }

  async function newExample(
    text = 'Uh, metí la pata con Juana.',
    conjugatedSnippet = 'metí la pata',
  ): Promise<Example> {
    const res = await createExample({
      text,
      conjugatedSnippet,
      translation: 'Oops, I put my foot in it with Juana.',
    })
    expect(res.statusCode).toBe(200)
    return Example.parse(res.json())
  }

  describe('POST /api/admin/idiom-examples', () => {
    it('creates an example and returns it with its idiom', async () => {
      const res = await createExample({
        text: 'Siempre metés la pata en las reuniones.',
        conjugatedSnippet: 'METÉS LA PATA',
        source: 'staff',
      })
      expect(res.statusCode).toBe(200)
      expect(Example.parse(res.json())).toEqual({
        exampleId: expect.any(String),
        idiomId: idiom.idiomId,
        text: 'Siempre metés la pata en las reuniones.',
        conjugatedSnippet: 'METÉS LA PATA',
        translation: '',
        source: 'staff',
        audio: null,
        isNew: false,
        idiom: {
          text: 'Meter la pata',
          translation: 'to put your foot in it',
          tone: 'Neutral',
          usage: 9,
        },
      })
    })

    it('refuses a snippet that is not in the text, naming conjugatedSnippet', async () => {
      const body = expectError(
        await createExample({ text: 'Metí la pata.', conjugatedSnippet: 'meter la pata' }),
        400,
        'VALIDATION_FAILED',
      )
      expect(body.details).toEqual([
        { field: 'conjugatedSnippet', message: expect.stringContaining('does not appear') },
      ])
      // accents are not ignored: the snippet must be the text's own words
      expectError(
        await createExample({ text: 'Metí la pata.', conjugatedSnippet: 'meti la pata' }),
        400,
        'VALIDATION_FAILED',
      )
    })

    it('refuses an empty text or snippet', async () => {
      expectError(
        await createExample({ text: ' ', conjugatedSnippet: 'x' }),
        400,
        'VALIDATION_FAILED',
      )
      expectError(
        await createExample({ text: 'Metí la pata.', conjugatedSnippet: '' }),
        400,
        'VALIDATION_FAILED',
      )
    })

    it('answers NOT_FOUND for an unknown idiom', async () => {
      const res = await post('/api/admin/idiom-examples', admin, {
        idiomId: crypto.randomUUID(),
        text: 'a b',
        conjugatedSnippet: 'a',
      })
      expectError(res, 404, 'NOT_FOUND')
    })

    it('lets only admins create', async () => {
      expectError(
        await createExample({ text: 'a b', conjugatedSnippet: 'a' }, editor),
        403,
        'FORBIDDEN',
      )
      expectError(
        await createExample({ text: 'a b', conjugatedSnippet: 'a' }, learner),
        403,
        'FORBIDDEN',
      )
    })
  })

  describe('GET /api/example/:id and /api/example/idiom/:id', () => {
    it('gives one example and the examples of an idiom', async () => {
      const made = await newExample('No metas la pata otra vez.', 'metas la pata')
      expect(Example.parse((await get(`/api/example/${made.exampleId}`, learner)).json())).toEqual(
        made,
      )
      const list = z
        .array(Example)
        .parse((await get(`/api/example/idiom/${idiom.idiomId}`, learner)).json())
      expect(list).toContainEqual(made)
      expect(list.every((e) => e.idiomId === idiom.idiomId)).toBe(true)
    })

    it('answers NOT_FOUND for unknown ids', async () => {
      expectError(await get(`/api/example/${crypto.randomUUID()}`, learner), 404, 'NOT_FOUND')
      expectError(await get(`/api/example/idiom/${crypto.randomUUID()}`, learner), 404, 'NOT_FOUND')
      expectError(await get('/api/example/not-a-uuid', learner), 400, 'VALIDATION_FAILED')
    })

    it('needs a signed-in user', async () => {
      expectError(
        await t.app.inject({ method: 'GET', url: `/api/example/idiom/${idiom.idiomId}` }),
        401,
        'UNAUTHENTICATED',
      )
    })
  })

  describe('POST /api/example/:id (multipart)', () => {
    it('edits the fields without a file and keeps the translation when none is sent', async () => {
      const made = await newExample()
      const res = await upload(
        made.exampleId,
        form({
          text: 'Uy, metiste la pata.',
          conjugatedSnippet: 'metiste la pata',
          voice: 'Sofía',
        }),
      )
      expect(res.statusCode).toBe(200)
      expect(Example.parse(res.json())).toEqual({
        ...made,
        text: 'Uy, metiste la pata.',
        conjugatedSnippet: 'metiste la pata',
      })
    })

    it('drops synthesised speech when the text changes, so the next exercise says the new words', async () => {
      const made = await newExample('Ayer metí la pata en la reunión.', 'metí la pata')
      const ttsKeyOf = async () =>
        (
          await t.database.db
            .select({ k: examples.ttsKey })
            .from(examples)
            .where(eq(examples.id, made.exampleId))
        )[0]?.k
      await post('/api/users/preferences', admin, {
        preferences: { getNextExample: made.exampleId },
      })
      const served = await get('/api/exercises/next', admin)
      expect(served.json()).toMatchObject({
        exampleId: made.exampleId,
        audio: { url: expect.stringContaining('/api/audio/') },
      })
      expect(await ttsKeyOf()).toBeTruthy()
      // The example itself now offers that speech too, e.g. to an admin checking it.
      const withSpeech = Example.parse(
        (await get(`/api/example/${made.exampleId}`, learner)).json(),
      )
      expect(withSpeech.audio).toEqual({
        url: expect.stringContaining('/api/audio/tts/'),
        voice: 'espeak-ng es-rioplatense',
        kind: 'synthetic',
      })

      await upload(
        made.exampleId,
        form({
          text: 'Hoy metí la pata otra vez.',
          conjugatedSnippet: 'metí la pata',
          voice: 'espeak-ng es-rioplatense',
        }),
      )
      expect(await ttsKeyOf()).toBeNull()
      expect(
        Example.parse((await get(`/api/example/${made.exampleId}`, learner)).json()).audio,
      ).toBeNull()
      await get('/api/exercises/next', admin)
      expect(await ttsKeyOf()).toBeTruthy()
      await post('/api/users/preferences', admin, { preferences: { getNextExample: '' } })
    })

    it('stores an audio file and serves its url with the voice', async () => {
      const made = await newExample()
      const res = await upload(
        made.exampleId,
        form(
          {
            text: made.text,
            conjugatedSnippet: made.conjugatedSnippet,
            voice: 'Sofía',
            translation: 'Oops.',
          },
          { bytes: wav(), name: 'take1.bin', type: 'application/octet-stream' },
        ),
      )
      expect(res.statusCode).toBe(200)
      const edited = Example.parse(res.json())
      expect(edited.translation).toBe('Oops.')
      expect(edited.audio).toEqual({
        url: expect.stringMatching(/^\/api\/audio\/[0-9a-f-]{36}\.wav\?exp=\d+&sig=[\w-]+$/),
        voice: 'Sofía',
        kind: 'recorded',
      })
      const stored = await t.app.inject({
        method: 'GET',
        url: `/api/example/${made.exampleId}`,
        headers: bearer(learner),
      })
      const audio = Example.parse(stored.json()).audio!
      expect(audio).toEqual(edited.audio)
      // The signed URL plays in a media element, which sends no bearer token.
      const played = await t.app.inject({ method: 'GET', url: audio.url })
      expect(played.statusCode).toBe(200)
      expect(played.headers['content-type']).toMatch(/^audio\//)
      expect(played.rawPayload.equals(Buffer.from(wav()))).toBe(true)
    })

    it('refuses a file that is not audio with 415 and changes nothing', async () => {
      const made = await newExample()
      const res = await upload(
        made.exampleId,
        form(
          { text: 'Otro texto con la pata', conjugatedSnippet: 'la pata', voice: 'Sofía' },
          { bytes: Buffer.from('not audio at all, just text'), name: 'x.mp3', type: 'audio/mpeg' },
        ),
      )
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE')
      expect(Example.parse((await get(`/api/example/${made.exampleId}`, admin)).json())).toEqual(
        made,
      )
    })

    it('refuses a file over the maxUploadBytes setting with 413 PAYLOAD_TOO_LARGE', async () => {
      const made = await newExample()
      const settings = (await get('/api/settings', admin)).json().settings as Record<string, string>
      const saved = await post('/api/settings', admin, {
        settings: { ...settings, maxUploadBytes: '2000' },
      })
      expect(saved.statusCode).toBe(200)
      try {
        const res = await upload(
          made.exampleId,
          form(
            { text: made.text, conjugatedSnippet: made.conjugatedSnippet, voice: 'Sofía' },
            { bytes: wav(5000), name: 'big.wav', type: 'audio/wav' },
          ),
        )
        expectError(res, 413, 'PAYLOAD_TOO_LARGE')
        expect(Example.parse((await get(`/api/example/${made.exampleId}`, admin)).json())).toEqual(
          made,
        )
        // a file under the limit still goes through
        const small = await upload(
          made.exampleId,
          form(
            { text: made.text, conjugatedSnippet: made.conjugatedSnippet, voice: 'Sofía' },
            { bytes: wav(100), name: 'small.wav', type: 'audio/wav' },
          ),
        )
        expect(small.statusCode).toBe(200)
      } finally {
        await post('/api/settings', admin, { settings })
      }
    })

    it('refuses missing fields and a snippet not in the text', async () => {
      const made = await newExample()
      const noVoice = expectError(
        await upload(
          made.exampleId,
          form({ text: made.text, conjugatedSnippet: made.conjugatedSnippet }),
        ),
        400,
        'VALIDATION_FAILED',
      )
      expect(noVoice.details).toEqual([{ field: 'voice', message: expect.any(String) }])
      const body = expectError(
        await upload(
          made.exampleId,
          form({ text: made.text, conjugatedSnippet: 'la mano', voice: 'x' }),
        ),
        400,
        'VALIDATION_FAILED',
      )
      expect(body.details).toEqual([{ field: 'conjugatedSnippet', message: expect.any(String) }])
      expect(Example.parse((await get(`/api/example/${made.exampleId}`, admin)).json())).toEqual(
        made,
      )
    })

    it('refuses a JSON body with 415', async () => {
      const made = await newExample()
      expectError(
        await post(`/api/example/${made.exampleId}`, admin, {
          text: 'a',
          conjugatedSnippet: 'a',
          voice: 'v',
        }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      )
    })

    it('answers NOT_FOUND for an unknown example and 403 to non-admins', async () => {
      const fields = { text: 'a b', conjugatedSnippet: 'a', voice: 'v' }
      expectError(await upload(crypto.randomUUID(), form(fields)), 404, 'NOT_FOUND')
      const made = await newExample()
      expectError(await upload(made.exampleId, form(fields), editor), 403, 'FORBIDDEN')
      expectError(await upload(made.exampleId, form(fields), learner), 403, 'FORBIDDEN')
    })
  })
})
