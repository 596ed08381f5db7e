import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { startLocalS3 } from '../../test/s3rver.js'
import type { UserRow } from '../users/users.repo.js'
import {
  fakeSynthesizer,
  seedExample,
  type SeededExample,
} from '../exercises/exercises.fixtures.js'
import {
  multipart,
  oggOpusHeader,
  PNG,
  sineWav,
  webmHeader,
  type FilePart,
} from './editor.fixtures.js'

const CDN = 'https://cdn.example/che-audio'

interface Store {
  env: Record<string, string>
  /** Every object key in the store, sorted. */
  keys(): Promise<string[]>
  /** The public URL an object gets, or undefined when the store has none. */
  publicUrl(key: string): string | undefined
  close(): Promise<void>
}

async function localStore(): Promise<Store> {
  const dir = await mkdtemp(join(tmpdir(), 'che-editor-test-'))
  const root = join(dir, 'audio')
  return {
    env: { DATA_DIR: dir },
    async keys() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
      return entries
        .filter((e) => e.isFile())
        .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'))
        .sort()
    },
    publicUrl: () => undefined,
    close: () => rm(dir, { recursive: true, force: true }),
  }
}

async function s3Store(): Promise<Store> {
  const s3 = await startLocalS3({ publicUrl: CDN })
  const client = new S3Client({
    endpoint: s3.config.endpoint,
    region: s3.config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey },
  })
  return {
    env: s3.env,
    async keys() {
      const out = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }))
      return (out.Contents ?? []).map((o) => o.Key!).sort()
    },
    publicUrl: (key) => `${CDN}/${key}`,
    async close() {
      client.destroy()
      await s3.close()
    },
  }
}

const wavFile = (ms = 250, hz = 440): FilePart => ({
  name: 'take.wav',
  type: 'audio/wav',
  bytes: sineWav(ms, hz),
})

describe.each([
  ['local folder', localStore],
  ['S3 (s3rver)', s3Store],
])('editor audio workflow on %s storage', (_name, openStore) => {
  let store: Store
  let t: TestApp
  let admin: { user: UserRow; token: string }
  let ana: { user: UserRow; token: string }
  let beto: { user: UserRow; token: string }
  let learner: { user: UserRow; token: string }

  beforeAll(async () => {
    store = await openStore()
    t = await startTestApp(store.env, { contentDir: false, synthesizer: fakeSynthesizer() })
    admin = await t.userWithRole('admin', 'Admin Alba')
    ana = await t.userWithRole('editor', 'Ana Editora')
    beto = await t.userWithRole('editor', 'Beto Editor')
    learner = await t.userWithRole('learner', 'Lola Learner')
  })
  afterAll(async () => {
    await t?.close()
    await store?.close()
  })

  const post = (url: string, token: string | undefined, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })
  const upload = (url: string, token: string, fields: Record<string, string>, file?: FilePart) => {
    const form = multipart(fields, file)
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    })
  }
  const assign = (idiomId: string, source: string, extra: Record<string, string> = {}) =>
    post('/api/editor/assign', admin.token, { idiomId, source, ...extra })
  const fulfil = (token: string, fields: Record<string, string>, file?: FilePart) =>
    upload('/api/editor/fulfill', token, fields, file)
  const publish = (idiomId: string, sync: number, token = admin.token) =>
    post('/api/editor/publish', token, { idiomId, assign: sync })
  const exampleOf = async (exampleId: string) =>
    (await get(`/api/example/${exampleId}`, admin.token)).json()

  async function withMaxUpload<T>(bytes: number, work: () => Promise<T>): Promise<T> {
    const before = (await get('/api/settings', admin.token)).json().settings as Record<
      string,
      string
    >
    expect(
      (
        await post('/api/settings', admin.token, {
          settings: { ...before, maxUploadBytes: String(bytes) },
        })
      ).statusCode,
    ).toBe(200)
    try {
      return await work()
    } finally {
      await post('/api/settings', admin.token, { settings: before })
    }
  }

  /** A signed audio URL for `key` (modules/audio/audio-url.ts). */
  const signedUrl = (key: string | undefined) =>
    expect.stringMatching(
      new RegExp(
        `^/api/audio/${(key ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?exp=\\d+&sig=[\\w-]+$`,
      ),
    )

  describe('GET /api/editors', () => {
    it('lists editors and admins, not learners, for admins only', async () => {
      const res = await get('/api/editors', admin.token)
      expect(res.statusCode).toBe(200)
      const list = res.json() as { userId: string; name: string; email: string }[]
      expect(list).toEqual(
        expect.arrayContaining([
          { userId: admin.user.id, name: 'Admin Alba', email: admin.user.email },
          { userId: ana.user.id, name: 'Ana Editora', email: ana.user.email },
          { userId: beto.user.id, name: 'Beto Editor', email: beto.user.email },
        ]),
      )
      expect(list.map((e) => e.userId)).not.toContain(learner.user.id)
      expect(list.map((e) => e.name)).toEqual([...list.map((e) => e.name)].sort())
    })

    it('refuses editors and learners (403) and anonymous callers (401)', async () => {
      expect((await get('/api/editors', ana.token)).json()).toMatchObject({ code: 'FORBIDDEN' })
      expect((await get('/api/editors', learner.token)).statusCode).toBe(403)
      const anon = await get('/api/editors')
      expect([anon.statusCode, anon.json().code]).toEqual([401, 'UNAUTHENTICATED'])
    })
  })

  describe('POST /api/editor/assign', () => {
    let ex: SeededExample
    beforeAll(async () => {
      ex = await seedExample(t, admin.token)
    })

    it('assigns an idiom to an editor, starting from its first example', async () => {
      const res = await assign(ex.idiomId, ana.user.id)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({
        idiomId: ex.idiomId,
        text: expect.any(String),
        tone: 'Casual',
        usage: 8,
        assigned: {
          sync: 1,
          source: 'Ana Editora',
          transcription: ex.text,
          conjugatedSnippet: 'estoy al horno',
          audio: null,
          state: 'assigned',
        },
      })
    })

    it('reassigns it to another editor, or to an admin', async () => {
      expect((await assign(ex.idiomId, beto.user.id)).json().assigned).toMatchObject({
        source: 'Beto Editor',
        sync: 1,
        state: 'assigned',
      })
      expect((await assign(ex.idiomId, admin.user.id)).json().assigned.source).toBe('Admin Alba')
      expect((await assign(ex.idiomId, ana.user.id)).json().assigned.source).toBe('Ana Editora')
    })

    it('answers NOT_FOUND for an unknown idiom or user and VALIDATION_FAILED for a learner or a foreign example', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000'
      const noIdiom = await assign(unknown, ana.user.id)
      expect([noIdiom.statusCode, noIdiom.json().code]).toEqual([404, 'NOT_FOUND'])
      const noUser = await assign(ex.idiomId, unknown)
      expect([noUser.statusCode, noUser.json().code]).toEqual([404, 'NOT_FOUND'])
      const notEditor = await assign(ex.idiomId, learner.user.id)
      expect([notEditor.statusCode, notEditor.json().code]).toEqual([400, 'VALIDATION_FAILED'])
      expect(notEditor.json().details).toEqual([{ field: 'source', message: expect.any(String) }])
      const other = await seedExample(t, admin.token)
      const foreign = await assign(ex.idiomId, ana.user.id, { exampleId: other.exampleId })
      expect([foreign.statusCode, foreign.json().code]).toEqual([400, 'VALIDATION_FAILED'])
      const bad = await post('/api/editor/assign', admin.token, {
        idiomId: 'nope',
        source: ana.user.id,
      })
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED'])
    })

    it('is for admins only', async () => {
      expect(
        (await post('/api/editor/assign', ana.token, { idiomId: ex.idiomId, source: ana.user.id }))
          .statusCode,
      ).toBe(403)
      expect(
        (
          await post('/api/editor/assign', learner.token, {
            idiomId: ex.idiomId,
            source: ana.user.id,
          })
        ).statusCode,
      ).toBe(403)
      expect(
        (await post('/api/editor/assign', undefined, { idiomId: ex.idiomId, source: ana.user.id }))
          .statusCode,
      ).toBe(401)
    })
  })

  describe('POST /api/editor/assignmentreports', () => {
    let mine: SeededExample
    let betos: SeededExample
    let free: SeededExample
    beforeAll(async () => {
      mine = await seedExample(t, admin.token)
      betos = await seedExample(t, admin.token)
      free = await seedExample(t, admin.token)
      await assign(mine.idiomId, ana.user.id)
      await assign(betos.idiomId, beto.user.id)
    })

    const ids = (res: { json(): unknown }) =>
      (res.json() as { idiomId: string }[]).map((r) => r.idiomId)

    it('shows an editor only their own assignments', async () => {
      const res = await post('/api/editor/assignmentreports', ana.token, {})
      expect(res.statusCode).toBe(200)
      expect(ids(res)).toContain(mine.idiomId)
      expect(ids(res)).not.toContain(betos.idiomId)
      expect(ids(res)).not.toContain(free.idiomId)
      for (const r of res.json() as { assigned: { source: string } }[])
        expect(r.assigned.source).toBe('Ana Editora')
      expect(ids(await post('/api/editor/assignmentreports', ana.token))).toEqual(ids(res))
      expect(
        ids(await post('/api/editor/assignmentreports', ana.token, { editor: ana.user.id })),
      ).toEqual(ids(res))
    })

    it("refuses an editor asking for another editor's list", async () => {
      const res = await post('/api/editor/assignmentreports', ana.token, { editor: beto.user.id })
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN'])
    })

    it('shows an admin every idiom, assigned or not, and filters by editor', async () => {
      const all = await post('/api/editor/assignmentreports', admin.token, {})
      expect(ids(all)).toEqual(expect.arrayContaining([mine.idiomId, betos.idiomId, free.idiomId]))
      const unassigned = (all.json() as { idiomId: string; assigned: unknown }[]).find(
        (r) => r.idiomId === free.idiomId,
      )
      expect(unassigned).toEqual({
        idiomId: free.idiomId,
        text: expect.any(String),
        tone: 'Casual',
        usage: 8,
        assigned: null,
      })
      const filtered = await post('/api/editor/assignmentreports', admin.token, {
        editor: beto.user.id,
      })
      expect(ids(filtered)).toContain(betos.idiomId)
      expect(ids(filtered)).not.toContain(mine.idiomId)
      expect(ids(filtered)).not.toContain(free.idiomId)
    })

    it('is for editors and admins only', async () => {
      expect((await post('/api/editor/assignmentreports', learner.token, {})).statusCode).toBe(403)
      expect((await post('/api/editor/assignmentreports', undefined, {})).statusCode).toBe(401)
      expect(
        (await post('/api/editor/assignmentreports', admin.token, { editor: 'x' })).statusCode,
      ).toBe(400)
    })
  })

  describe('POST /api/editor/fulfill', () => {
    let ex: SeededExample
    beforeAll(async () => {
      ex = await seedExample(t, admin.token)
      expect((await assign(ex.idiomId, ana.user.id)).statusCode).toBe(200)
    })

    it('stores the take of the assigned editor, playable through its signed URL', async () => {
      const take = wavFile(300)
      const res = await fulfil(ana.token, { idiomId: ex.idiomId, transcription: ex.text }, take)
      expect(res.statusCode, res.body).toBe(200)
      const assigned = res.json().assigned
      expect(assigned).toEqual({
        sync: 1,
        source: 'Ana Editora',
        transcription: ex.text,
        conjugatedSnippet: 'estoy al horno',
        audio: {
          url: expect.stringMatching(
            new RegExp(`^/api/audio/recordings/${ex.idiomId}/1-[0-9a-f-]+\\.wav\\?exp=\\d+&sig=`),
          ),
          publicUrl: expect.any(String),
        },
        state: 'fulfilled',
      })
      const key = decodeURIComponent(assigned.audio.url.split('?')[0].slice('/api/audio/'.length))
      expect(assigned.audio.publicUrl).toBe(store.publicUrl(key) ?? assigned.audio.url)
      expect(await store.keys()).toContain(key)
      const played = await get(assigned.audio.url)
      expect(played.statusCode).toBe(200)
      expect(played.headers['content-type']).toMatch(/^audio\/(wav|x-wav|vnd.wave)/)
      expect(played.rawPayload.equals(take.bytes)).toBe(true)
      const part = await t.app.inject({
        method: 'GET',
        url: assigned.audio.url,
        headers: { range: 'bytes=0-3' },
      })
      expect([part.statusCode, part.rawPayload.toString()]).toEqual([206, 'RIFF'])
    })

    it('keeps an unpublished take from learners, and from anyone without the signature', async () => {
      const report = (await post('/api/editor/assignmentreports', ana.token, {})).json() as {
        idiomId: string
        assigned: { audio: { url: string } }
      }[]
      const url = report.find((r) => r.idiomId === ex.idiomId)!.assigned.audio.url
      const path = url.split('?')[0]!
      const byLearner = await get(path, learner.token)
      expect([byLearner.statusCode, byLearner.json().code]).toEqual([403, 'FORBIDDEN'])
      expect((await get(path)).statusCode).toBe(401)
      expect((await get(path, ana.token)).statusCode).toBe(200)
      expect((await get(path, admin.token)).statusCode).toBe(200)
      // Nothing a learner reads mentions it before publishing.
      expect((await get(`/api/example/${ex.exampleId}`, learner.token)).json().audio).toBeNull()
      expect((await get(`/api/idiom/${ex.idiomId}`, learner.token)).json().assigned).toBeNull()
    })

    it('shows the assignment in the idiom detail to admins and its editor only', async () => {
      const forAdmin = (await get(`/api/idiom/${ex.idiomId}`, admin.token)).json()
      expect(forAdmin.assigned).toMatchObject({
        sync: 1,
        source: 'Ana Editora',
        state: 'fulfilled',
        audio: { url: expect.any(String) },
      })
      expect((await get(`/api/idiom/${ex.idiomId}`, ana.token)).json().assigned).toMatchObject({
        state: 'fulfilled',
      })
      expect((await get(`/api/idiom/${ex.idiomId}`, beto.token)).json().assigned).toBeNull()
      const full = (await get('/api/idioms?full=true', admin.token)).json() as {
        idiomId: string
        assigned: unknown
      }[]
      expect(full.find((i) => i.idiomId === ex.idiomId)!.assigned).toMatchObject({
        source: 'Ana Editora',
      })
    })

    it('accepts what browsers record (WebM, Ogg Opus) and replaces the unpublished take', async () => {
      const before = await store.keys()
      const webm = await fulfil(
        ana.token,
        { idiomId: ex.idiomId, transcription: ex.text },
        { name: 'rec.webm', type: 'video/webm', bytes: webmHeader() },
      )
      expect(webm.statusCode, webm.body).toBe(200)
      expect(webm.json().assigned.audio.url).toMatch(/\/1-[0-9a-f-]+\.webm\?/)
      const ogg = await fulfil(
        ana.token,
        { idiomId: ex.idiomId, transcription: ex.text },
        { name: 'rec.ogg', type: 'audio/ogg', bytes: oggOpusHeader() },
      )
      expect(ogg.statusCode, ogg.body).toBe(200)
      expect(ogg.json().assigned).toMatchObject({
        sync: 1,
        state: 'fulfilled',
        audio: { url: expect.stringMatching(/\/1-[0-9a-f-]+\.opus\?/) },
      })
      // One take per assignment: the earlier ones are gone.
      const after = (await store.keys()).filter((k) => k.startsWith(`recordings/${ex.idiomId}/`))
      expect(after).toHaveLength(1)
      expect(after[0]).toMatch(/\.opus$/)
      expect(before.filter((k) => k.startsWith(`recordings/${ex.idiomId}/`))).toHaveLength(1)
    })

    it('keeps the take and updates the transcription when no file is sent', async () => {
      const prior = (await store.keys()).filter((k) => k.startsWith(`recordings/${ex.idiomId}/`))
      const res = await fulfil(ana.token, { idiomId: ex.idiomId, transcription: `${ex.text} ` })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().assigned).toMatchObject({ transcription: ex.text, state: 'fulfilled' })
      expect((await store.keys()).filter((k) => k.startsWith(`recordings/${ex.idiomId}/`))).toEqual(
        prior,
      )
    })

    describe('refuses bad uploads and leaves no file and no change behind', () => {
      let snapshot: { keys: string[]; assigned: unknown }
      beforeAll(async () => {
        snapshot = {
          keys: await store.keys(),
          assigned: (await get(`/api/idiom/${ex.idiomId}`, admin.token)).json().assigned,
        }
      })
      const unchanged = async () => {
        expect(await store.keys()).toEqual(snapshot.keys)
        expect((await get(`/api/idiom/${ex.idiomId}`, admin.token)).json().assigned).toEqual(
          snapshot.assigned,
        )
      }
      const fields = () => ({ idiomId: ex.idiomId, transcription: 'Otra cosa, estoy al horno.' })

      it('an image → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
        const res = await fulfil(ana.token, fields(), {
          name: 'photo.png',
          type: 'image/png',
          bytes: PNG,
        })
        expect([res.statusCode, res.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE'])
        expect(res.json().details).toEqual({ detected: 'image/png' })
        await unchanged()
      })

      it('a text file named .mp3 and declared audio/mpeg → 415', async () => {
        const res = await fulfil(ana.token, fields(), {
          name: 'song.mp3',
          type: 'audio/mpeg',
          bytes: Buffer.from('definitely not an mp3\n'.repeat(20)),
        })
        expect([res.statusCode, res.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE'])
        await unchanged()
      })

      it('an empty file → 400 VALIDATION_FAILED', async () => {
        const res = await fulfil(ana.token, fields(), {
          name: 'empty.wav',
          type: 'audio/wav',
          bytes: Buffer.alloc(0),
        })
        expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED'])
        expect(res.json().details).toEqual([{ field: 'audio', message: expect.any(String) }])
        await unchanged()
      })

      it('a file over maxUploadBytes → 413 PAYLOAD_TOO_LARGE', async () => {
        const res = await withMaxUpload(10_000, () => fulfil(ana.token, fields(), wavFile(1_000)))
        expect([res.statusCode, res.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE'])
        expect(res.json().details).toEqual({ maxBytes: 10_000 })
        await unchanged()
      })

      it("another editor's idiom → 403 FORBIDDEN", async () => {
        const res = await fulfil(beto.token, fields(), wavFile())
        expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN'])
        await unchanged()
      })

      it('an editor changing the snippet or naming another voice → 403 FORBIDDEN', async () => {
        const snippet = await fulfil(
          ana.token,
          { ...fields(), conjugatedSnippet: 'Otra cosa' },
          wavFile(),
        )
        expect([snippet.statusCode, snippet.json().code]).toEqual([403, 'FORBIDDEN'])
        const voice = await fulfil(ana.token, { ...fields(), editor: beto.user.id }, wavFile())
        expect([voice.statusCode, voice.json().code]).toEqual([403, 'FORBIDDEN'])
        await unchanged()
      })

      it('a learner → 403, an anonymous caller → 401, a missing transcription or unknown idiom → 400/404', async () => {
        expect((await fulfil(learner.token, fields(), wavFile())).statusCode).toBe(403)
        const anon = multipart(fields(), wavFile())
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/editor/fulfill',
              headers: anon.headers,
              payload: anon.payload,
            })
          ).statusCode,
        ).toBe(401)
        const noText = await fulfil(ana.token, { idiomId: ex.idiomId }, wavFile())
        expect([noText.statusCode, noText.json().code]).toEqual([400, 'VALIDATION_FAILED'])
        const unknown = await fulfil(
          admin.token,
          { idiomId: '00000000-0000-4000-8000-000000000000', transcription: 'x' },
          wavFile(),
        )
        expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND'])
        const json = await post('/api/editor/fulfill', ana.token, fields())
        expect([json.statusCode, json.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE'])
        await unchanged()
      })

      it('a first fulfilment without a file → 400', async () => {
        const fresh = await seedExample(t, admin.token)
        await assign(fresh.idiomId, ana.user.id)
        const res = await fulfil(ana.token, { idiomId: fresh.idiomId, transcription: fresh.text })
        expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED'])
        expect(res.json().details).toEqual([{ field: 'audio', message: 'Required' }])
        expect((await get(`/api/idiom/${fresh.idiomId}`, admin.token)).json().assigned.state).toBe(
          'assigned',
        )
      })
    })

    it('lets an admin fulfil for the editor, with a snippet and another voice', async () => {
      const other = await seedExample(t, admin.token)
      await assign(other.idiomId, ana.user.id)
      const text = 'Mañana rindo y estoy re al horno, che.'
      const bad = await fulfil(
        admin.token,
        { idiomId: other.idiomId, transcription: text, conjugatedSnippet: 'no aparece' },
        wavFile(),
      )
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED'])
      const res = await fulfil(
        admin.token,
        {
          idiomId: other.idiomId,
          transcription: text,
          conjugatedSnippet: 'estoy re al horno',
          editor: beto.user.id,
        },
        wavFile(),
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().assigned).toMatchObject({
        source: 'Ana Editora',
        transcription: text,
        conjugatedSnippet: 'estoy re al horno',
        state: 'fulfilled',
      })
      expect((await publish(other.idiomId, 1)).statusCode).toBe(200)
      expect(await exampleOf(other.exampleId)).toMatchObject({
        text,
        conjugatedSnippet: 'estoy re al horno',
        audio: { voice: 'Beto Editor' },
      })
    })
  })

  it('keeps crediting a take to its editor when the idiom is reassigned before publishing', async () => {
    const ex = await seedExample(t, admin.token)
    await assign(ex.idiomId, ana.user.id)
    expect(
      (await fulfil(ana.token, { idiomId: ex.idiomId, transcription: ex.text }, wavFile()))
        .statusCode,
    ).toBe(200)
    const moved = await assign(ex.idiomId, beto.user.id)
    expect(moved.json().assigned).toMatchObject({
      source: 'Beto Editor',
      state: 'fulfilled',
      sync: 1,
    })
    expect(
      (await fulfil(ana.token, { idiomId: ex.idiomId, transcription: ex.text }, wavFile()))
        .statusCode,
    ).toBe(403)
    expect((await publish(ex.idiomId, 1)).statusCode).toBe(200)
    expect((await exampleOf(ex.exampleId)).audio.voice).toBe('Ana Editora')
    // Beto's own take of the next version is his.
    expect(
      (await fulfil(beto.token, { idiomId: ex.idiomId, transcription: ex.text }, wavFile())).json()
        .assigned.sync,
    ).toBe(2)
    expect((await publish(ex.idiomId, 2)).statusCode).toBe(200)
    expect((await exampleOf(ex.exampleId)).audio.voice).toBe('Beto Editor')
  })

  describe('POST /api/editor/publish', () => {
    let ex: SeededExample
    beforeAll(async () => {
      // The only Official idiom, so a learner's Official exercise is this one.
      ex = await seedExample(t, admin.token, { tone: 'Official' })
    })
    const recordings = async () =>
      (await store.keys()).filter((k) => k.startsWith(`recordings/${ex.idiomId}/`))

    it('makes the take the example audio for learners, and removes the audio it replaces after', async () => {
      // The example starts with audio an admin attached directly.
      const direct = await upload(
        '/api/admin/example-audio',
        admin.token,
        { exampleId: ex.exampleId },
        wavFile(100, 220),
      )
      expect(direct.statusCode, direct.body).toBe(200)
      const directKey = (await store.keys()).find((k) => k.startsWith(`examples/${ex.exampleId}/`))!
      expect(directKey).toBeDefined()

      await assign(ex.idiomId, ana.user.id)
      const text = 'Si mañana no llego, estoy al horno.'
      const take = wavFile(400, 330)
      const fulfilled = await fulfil(ana.token, { idiomId: ex.idiomId, transcription: text }, take)
      expect(fulfilled.statusCode, fulfilled.body).toBe(200)
      const [takeKey] = await recordings()
      // Until it is published, learners keep the old audio and the old text.
      expect(await exampleOf(ex.exampleId)).toMatchObject({
        text: ex.text,
        audio: { url: signedUrl(directKey) },
      })

      const res = await publish(ex.idiomId, 1)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().assigned).toMatchObject({
        sync: 1,
        state: 'published',
        transcription: text,
      })
      expect(await exampleOf(ex.exampleId)).toMatchObject({
        text,
        conjugatedSnippet: 'estoy al horno',
        audio: { url: signedUrl(takeKey), voice: 'Ana Editora' },
      })
      expect(await store.keys()).not.toContain(directKey)
      expect(await store.keys()).toContain(takeKey)

      // A learner's exercise now plays the recording through a signed URL.
      const next = await get('/api/exercises/next?tone=Official', learner.token)
      expect(next.statusCode, next.body).toBe(200)
      expect(next.json()).toMatchObject({
        exampleId: ex.exampleId,
        audio: { voice: 'Ana Editora' },
      })
      const played = await get(next.json().audio.url)
      expect(played.statusCode).toBe(200)
      expect(played.rawPayload.equals(take.bytes)).toBe(true)
    })

    it('fulfilling again after publishing starts version 2; learners keep version 1 until it is published', async () => {
      const [v1] = await recordings()
      const res = await fulfil(
        ana.token,
        { idiomId: ex.idiomId, transcription: 'Si no llego mañana estoy al horno.' },
        wavFile(200, 550),
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().assigned).toMatchObject({ sync: 2, state: 'fulfilled' })
      const keys = await recordings()
      expect(keys).toHaveLength(2)
      const v2 = keys.find((k) => k !== v1)!
      expect(v2).toMatch(new RegExp(`^recordings/${ex.idiomId}/2-`))
      expect((await exampleOf(ex.exampleId)).audio.url).toEqual(signedUrl(v1))

      // A third take before publishing replaces version 2's take, never the published one.
      const again = await fulfil(
        ana.token,
        { idiomId: ex.idiomId, transcription: 'Si no llego mañana estoy al horno.' },
        wavFile(220, 600),
      )
      expect(again.json().assigned).toMatchObject({ sync: 2, state: 'fulfilled' })
      const v2b = (await recordings()).find((k) => k !== v1)!
      expect(await recordings()).toEqual([v1, v2b].sort())
      expect(v2b).not.toBe(v2)

      const stale = await publish(ex.idiomId, 1)
      expect([stale.statusCode, stale.json().code]).toEqual([409, 'CONFLICT'])
      expect(stale.json().details).toEqual({ state: 'fulfilled', sync: 2 })
      expect((await exampleOf(ex.exampleId)).audio.url).toEqual(signedUrl(v1))

      const ok = await publish(ex.idiomId, 2)
      expect(ok.statusCode, ok.body).toBe(200)
      expect(ok.json().assigned).toMatchObject({ sync: 2, state: 'published' })
      expect(await exampleOf(ex.exampleId)).toMatchObject({
        text: 'Si no llego mañana estoy al horno.',
        audio: { url: signedUrl(v2b) },
      })
      expect(await recordings()).toEqual([v2b])
    })

    it('answers CONFLICT for a published or unfulfilled assignment and NOT_FOUND for an unassigned idiom', async () => {
      const twice = await publish(ex.idiomId, 2)
      expect([twice.statusCode, twice.json().code]).toEqual([409, 'CONFLICT'])
      const fresh = await seedExample(t, admin.token)
      expect((await publish(fresh.idiomId, 1)).json()).toMatchObject({ code: 'NOT_FOUND' })
      await assign(fresh.idiomId, beto.user.id)
      const early = await publish(fresh.idiomId, 1)
      expect([early.statusCode, early.json().code]).toEqual([409, 'CONFLICT'])
      expect(early.json().details).toEqual({ state: 'assigned', sync: 1 })
    })

    it('is for admins only', async () => {
      expect((await publish(ex.idiomId, 2, ana.token)).statusCode).toBe(403)
      expect((await publish(ex.idiomId, 2, learner.token)).statusCode).toBe(403)
      expect(
        (await post('/api/editor/publish', undefined, { idiomId: ex.idiomId, assign: 2 }))
          .statusCode,
      ).toBe(401)
      expect(
        (await post('/api/editor/publish', admin.token, { idiomId: ex.idiomId })).statusCode,
      ).toBe(400)
    })

    it('gives an idiom without examples its first example on publishing', async () => {
      const idiom = await post('/api/admin/idiom', admin.token, {
        text: `hacer la gamba ${Date.now()}`,
        translation: 'to cover for someone',
      })
      const idiomId = idiom.json().idiomId as string
      const assigned = await assign(idiomId, beto.user.id)
      expect(assigned.json().assigned).toMatchObject({ transcription: '', conjugatedSnippet: '' })
      const text = 'Dale, te hago la gamba con tu vieja.'
      await fulfil(beto.token, { idiomId, transcription: text }, wavFile())
      const noSnippet = await publish(idiomId, 1)
      expect([noSnippet.statusCode, noSnippet.json().code]).toEqual([400, 'VALIDATION_FAILED'])
      await fulfil(admin.token, {
        idiomId,
        transcription: text,
        conjugatedSnippet: 'te hago la gamba',
      })
      expect((await publish(idiomId, 1)).statusCode).toBe(200)
      const examples = (await get(`/api/example/idiom/${idiomId}`, admin.token)).json()
      expect(examples).toEqual([
        expect.objectContaining({
          text,
          conjugatedSnippet: 'te hago la gamba',
          audio: {
            url: expect.stringContaining(`/api/audio/recordings/${idiomId}/1-`),
            voice: 'Beto Editor',
            kind: 'recorded',
          },
        }),
      ])
    })
  })

  describe('POST /api/admin/example-audio', () => {
    let ex: SeededExample
    beforeAll(async () => {
      ex = await seedExample(t, admin.token)
    })
    const files = async () =>
      (await store.keys()).filter((k) => k.startsWith(`examples/${ex.exampleId}/`))

    it('attaches an audio file to an example and removes the one it replaces', async () => {
      const first = await upload(
        '/api/admin/example-audio',
        admin.token,
        { exampleId: ex.exampleId },
        wavFile(),
      )
      expect(first.statusCode, first.body).toBe(200)
      const [k1] = await files()
      expect(first.json()).toEqual({
        exampleId: ex.exampleId,
        idiomId: ex.idiomId,
        text: ex.text,
        conjugatedSnippet: 'estoy al horno',
        translation: ex.translation,
        source: '',
        audio: { url: signedUrl(k1), voice: '', kind: 'recorded' },
        isNew: false,
        idiom: {
          text: expect.any(String),
          translation: 'to be in trouble',
          tone: 'Casual',
          usage: 8,
        },
      })
      const second = await upload(
        '/api/admin/example-audio',
        admin.token,
        { exampleId: ex.exampleId },
        { name: 'x.webm', type: 'audio/webm', bytes: webmHeader() },
      )
      expect(second.statusCode).toBe(200)
      const [k2] = await files()
      expect(await files()).toHaveLength(1)
      expect(k2).toMatch(/\.webm$/)
      expect(second.json().audio.url).toEqual(signedUrl(k2))
    })

    it('refuses an image, a text file, an empty file and a file over the limit, storing nothing', async () => {
      const before = await store.keys()
      const cases: [FilePart, number, string][] = [
        [{ name: 'a.png', type: 'image/png', bytes: PNG }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
        [
          { name: 'a.mp3', type: 'audio/mpeg', bytes: Buffer.from('hello, I am text') },
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        ],
        [{ name: 'a.wav', type: 'audio/wav', bytes: Buffer.alloc(0) }, 400, 'VALIDATION_FAILED'],
      ]
      for (const [file, status, code] of cases) {
        const res = await upload(
          '/api/admin/example-audio',
          admin.token,
          { exampleId: ex.exampleId },
          file,
        )
        expect([res.statusCode, res.json().code], file.name).toEqual([status, code])
      }
      const big = await withMaxUpload(5_000, () =>
        upload(
          '/api/admin/example-audio',
          admin.token,
          { exampleId: ex.exampleId },
          wavFile(1_000),
        ),
      )
      expect([big.statusCode, big.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE'])
      const none = await upload('/api/admin/example-audio', admin.token, {
        exampleId: ex.exampleId,
      })
      expect([none.statusCode, none.json().code]).toEqual([400, 'VALIDATION_FAILED'])
      expect(none.json().details).toEqual([{ field: 'file', message: 'Required' }])
      expect(await store.keys()).toEqual(before)
    })

    it('answers NOT_FOUND for an unknown example, 400 without one, and is for admins only', async () => {
      const unknown = await upload(
        '/api/admin/example-audio',
        admin.token,
        { exampleId: '00000000-0000-4000-8000-000000000000' },
        wavFile(),
      )
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND'])
      expect(
        (await upload('/api/admin/example-audio', admin.token, {}, wavFile())).statusCode,
      ).toBe(400)
      expect(
        (
          await upload(
            '/api/admin/example-audio',
            ana.token,
            { exampleId: ex.exampleId },
            wavFile(),
          )
        ).statusCode,
      ).toBe(403)
      expect(
        (
          await upload(
            '/api/admin/example-audio',
            learner.token,
            { exampleId: ex.exampleId },
            wavFile(),
          )
        ).statusCode,
      ).toBe(403)
    })
  })
})
