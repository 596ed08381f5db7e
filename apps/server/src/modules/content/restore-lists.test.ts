import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody, Idiom, type ContentFile } from '@che/core'
import { buildApp } from '../../app.js'
import { cacheVersions, idioms } from '../../db/schema.js'
import { libraryIdiom as idiom } from '../../test/library-idiom.js'
import { jsonCaller, listen, writeContentDir } from '../../test/http.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { listsFingerprint } from './content-lists.js'

const HORNO = 'Estar al horno'
const LECHE = 'Tener mala leche'
const PAN = 'Ser un pan de Dios'

/** Release n of a small library: each release says each idiom's meaning in more ways. */
const release = (n: number): ContentFile => ({
  idioms: [HORNO, LECHE].map((text) =>
    idiom(
      text,
      Array.from({ length: n + 1 }, (_, i) => `${text} meaning ${i} (release ${n})`),
      Array.from({ length: n }, (_, i) => `${text} literal ${i} (release ${n})`),
    ),
  ),
})
const listsOf = (file: ContentFile, text: string) => {
  const i = file.idioms.find((x) => x.text === text)!
  return { meanings: i.meanings, literals: i.literals }
}

describe('POST /api/admin/idiom/restore-lists: an admin takes the library’s lists again (decision 065)', () => {
  let root: string
  let t: TestApp
  /** The same install after an upgrade to release 2, over real HTTP. */
  let upgraded: FastifyInstance
  let base: string
  let admin: string
  let editor: string
  let learner: string
  const ids: Record<string, string> = {}

  const contentDir = (name: string, file: ContentFile) => writeContentDir(root, name, file)
  const call = jsonCaller(() => base)
  const restore = (idiomId: string, token = admin) =>
    call('POST', '/api/admin/idiom/restore-lists', token, { idiomId })
  const read = async (idiomId: string, token = admin) => {
    const res = await call('GET', `/api/idiom/${idiomId}`, token)
    expect(res.status).toBe(200)
    return Idiom.parse(res.body)
  }
  const row = async (text: string) =>
    (await t.database.db.select().from(idioms).where(eq(idioms.text, text)))[0]!
  const libraryVersion = async () =>
    (
      await t.database.db
        .select({ v: cacheVersions.version })
        .from(cacheVersions)
        .where(eq(cacheVersions.topic, 'library'))
    )[0]!.v
  function expectError(res: { status: number; body: unknown }, status: number, code: string) {
    expect(res.status).toBe(status)
    expect(ErrorBody.parse(res.body).code).toBe(code)
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'che-restore-lists-'))
    // Release 1 installed; an admin makes PAN (the library does not have it) and rewrites
    // LECHE's meanings and gloss in the form.
    t = await startTestApp({}, { contentDir: await contentDir('r1', release(1)) })
    admin = (await t.userWithRole('admin')).token
    editor = (await t.userWithRole('editor')).token
    learner = (await t.userWithRole('learner')).token
    for (const text of [HORNO, LECHE]) ids[text] = (await row(text)).id
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/idiom',
      headers: bearer(admin),
      payload: { text: PAN, translation: 'a kind soul', meanings: ['a saint (admin)'] },
    })
    expect(created.statusCode).toBe(200)
    ids[PAN] = Idiom.parse(created.json()).idiomId
    const edited = await t.app.inject({
      method: 'POST',
      url: '/api/admin/idiom/update',
      headers: bearer(admin),
      payload: { idiomId: ids[LECHE], translation: 'spite (admin)', meanings: ['malice (admin)'] },
    })
    expect(edited.statusCode).toBe(200)

    upgraded = await buildApp(t.config, {
      database: t.database,
      contentDir: await contentDir('r2', release(2)),
    })
    base = await listen(upgraded)
  })
  afterAll(async () => {
    await upgraded?.close()
    await t?.close()
    await rm(root, { recursive: true, force: true })
  })

  it('tells an admin where each idiom’s lists come from, and no one else', async () => {
    // The upgrade replaced HORNO's lists and kept the admin's on LECHE.
    expect(await read(ids[HORNO]!)).toMatchObject({
      ...listsOf(release(2), HORNO),
      listsOrigin: 'library',
    })
    expect(await read(ids[LECHE]!)).toMatchObject({
      meanings: ['malice (admin)'],
      literals: listsOf(release(1), LECHE).literals,
      listsOrigin: 'edited',
    })
    expect((await read(ids[PAN]!)).listsOrigin).toBe('own')
    for (const token of [editor, learner])
      expect(await read(ids[LECHE]!, token)).not.toHaveProperty('listsOrigin')
  })

  it('refuses editors and learners with 403, and changes nothing', async () => {
    const before = await row(LECHE)
    for (const token of [editor, learner])
      expectError(await restore(ids[LECHE]!, token), 403, 'FORBIDDEN')
    expectError(
      await call('POST', '/api/admin/idiom/restore-lists', '', { idiomId: ids[LECHE] }),
      401,
      'UNAUTHENTICATED',
    )
    expect(await row(LECHE)).toEqual(before)
  })

  it('answers 404 for an unknown idiom and 400 for an id that is not one', async () => {
    expectError(await restore('00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND')
    expectError(await restore('leche'), 400, 'VALIDATION_FAILED')
  })

  it('refuses an admin’s own idiom with 409 NOT_LIBRARY_IDIOM and leaves it as it is', async () => {
    const before = await row(PAN)
    const res = await restore(ids[PAN]!)
    expectError(res, 409, 'NOT_LIBRARY_IDIOM')
    expect(ErrorBody.parse(res.body).message).toMatch(/made by an admin/)
    expect(await row(PAN)).toEqual(before)
  })

  it('a write that fails leaves the admin’s lists and their mark as they were', async () => {
    const before = await row(LECHE)
    // The database refuses the library's lists for LECHE: the write fails inside the transaction.
    await t.database.db.execute(
      sql.raw(
        `alter table idioms add constraint test_refuse_restore check (meanings <> '${JSON.stringify(listsOf(release(2), LECHE).meanings)}'::jsonb)`,
      ),
    )
    try {
      expect((await restore(ids[LECHE]!)).status).toBe(500)
    } finally {
      await t.database.db.execute(sql`alter table idioms drop constraint test_refuse_restore`)
    }
    expect(await row(LECHE)).toEqual(before)
    expect(before.contentListsHash).toBe('edited')
  })

  it('gives an edited idiom the library’s current lists, keeps the rest, and lets the next release replace them again', async () => {
    const r2 = listsOf(release(2), LECHE)
    const res = await restore(ids[LECHE]!)
    expect(res.status).toBe(200)
    const restored = Idiom.parse(res.body)
    expect(restored).toMatchObject({
      idiomId: ids[LECHE],
      text: LECHE,
      translation: 'spite (admin)',
      ...r2,
      listsOrigin: 'library',
    })
    expect(restored.examples).toHaveLength(2)
    expect(await read(ids[LECHE]!)).toEqual(restored)
    expect((await row(LECHE)).contentListsHash).toBe(listsFingerprint(r2.meanings, r2.literals))

    // Restoring lists that are already the library's writes nothing (no instance reloads).
    const version = await libraryVersion()
    expect((await restore(ids[LECHE]!)).status).toBe(200)
    expect((await restore(ids[HORNO]!)).status).toBe(200)
    expect(await libraryVersion()).toBe(version)

    // Release 3: LECHE follows the library again.
    const next = await buildApp(t.config, {
      database: t.database,
      contentDir: await contentDir('r3', release(3)),
    })
    await next.ready()
    await next.close()
    expect(await row(LECHE)).toMatchObject({
      ...listsOf(release(3), LECHE),
      translation: 'spite (admin)',
    })
  })

  it('refuses an idiom the library no longer has with 409 NOT_LIBRARY_IDIOM', async () => {
    // An install whose library has only HORNO now: LECHE stays in the database, edited.
    const smaller = await buildApp(t.config, {
      database: t.database,
      contentDir: await contentDir('r4', { idioms: release(4).idioms.slice(0, 1) }),
    })
    try {
      await smaller.ready()
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/idiom/update',
        headers: bearer(admin),
        payload: { idiomId: ids[LECHE], literals: ['bad milk (admin)'] },
      })
      const before = await row(LECHE)
      const res = await smaller.inject({
        method: 'POST',
        url: '/api/admin/idiom/restore-lists',
        headers: bearer(admin),
        payload: { idiomId: ids[LECHE] },
      })
      expect(res.statusCode).toBe(409)
      expect(ErrorBody.parse(res.json())).toMatchObject({
        code: 'NOT_LIBRARY_IDIOM',
        message: expect.stringMatching(/no longer has/),
      })
      expect(await row(LECHE)).toEqual(before)
    } finally {
      await smaller.close()
    }
  })
})
