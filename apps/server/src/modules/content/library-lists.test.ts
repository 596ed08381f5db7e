import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Idiom, idiomKey, type ContentFile } from '@che/core'
import { buildApp } from '../../app.js'
import { createTestDatabase } from '../../db/test-db.js'
import { cacheVersions, idioms } from '../../db/schema.js'
import { libraryIdiom as idiom } from '../../test/library-idiom.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { CONTENT_DIR } from './content-files.js'
import { listsFingerprint } from './content-lists.js'
import { createContentRepo, type ContentRepo } from './content.repo.js'
import { createContentService } from './content.service.js'

const HORNO = 'Estar al horno'
const LECHE = 'Tener mala leche'
const VACA = 'Hacer la vaca'
const PAN = 'Ser un pan de Dios'

/** Release n of a small library: each release says each idiom's meaning in more ways. */
function release(n: number): ContentFile {
  const lists = (base: string) => ({
    meanings: Array.from({ length: n + 1 }, (_, i) => `${base} meaning ${i}`),
    literals: Array.from({ length: n }, (_, i) => `${base} literal ${i}`),
  })
  return {
    idioms: [HORNO, LECHE, VACA, PAN].map((text) => {
      const l = lists(text)
      return idiom(text, l.meanings, l.literals)
    }),
  }
}
const listsOf = (file: ContentFile, text: string) => {
  const i = file.idioms.find((x) => x.text === text)!
  return { meanings: i.meanings, literals: i.literals }
}

describe('content import on start: the library’s meanings and literals (decision 065)', () => {
  let root: string
  const dirs: string[] = []
  /** A content folder with `file` and, as the CLI writes it, the history of `earlier` releases. */
  async function contentDir(file: ContentFile, earlier: ContentFile[] = []): Promise<string> {
    const dir = join(root, `c${dirs.length}`)
    dirs.push(dir)
    await mkdir(join(dir, 'idioms'), { recursive: true })
    await writeFile(join(dir, 'idioms', 'part-1.json'), JSON.stringify(file))
    const shipped: Record<string, string[]> = {}
    for (const f of earlier)
      for (const i of f.idioms)
        shipped[idiomKey(i.text)] = [
          ...(shipped[idiomKey(i.text)] ?? []),
          listsFingerprint(i.meanings, i.literals),
        ]
    await writeFile(join(dir, 'shipped-lists.json'), JSON.stringify({ idioms: shipped }))
    return dir
  }
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'che-library-lists-'))
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  /** Start the server once more on the app's database (another instance, or after an upgrade). */
  async function start(t: TestApp, dir: string): Promise<void> {
    const app = await buildApp(t.config, { database: t.database, contentDir: dir })
    await app.ready()
    await app.close()
  }
  const rows = async (t: TestApp) =>
    Object.fromEntries((await t.database.db.select().from(idioms)).map((r) => [r.text, r] as const))
  const libraryVersion = async (t: TestApp) =>
    (
      await t.database.db
        .select({ v: cacheVersions.version })
        .from(cacheVersions)
        .where(eq(cacheVersions.topic, 'library'))
    )[0]!.v

  /**
   * An admin's save through the API, sending every field as a client may (the web form sends only
   * the changed ones): lists sent back unchanged must not count as the admin's.
   */
  async function saveInForm(t: TestApp, token: string, id: string, changes: object) {
    const current = Idiom.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/idiom/${id}`, headers: bearer(token) })
      ).json(),
    )
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/idiom/update',
      headers: bearer(token),
      payload: {
        idiomId: id,
        text: current.text,
        translation: current.translation,
        meanings: current.meanings,
        literals: current.literals,
        tone: current.tone,
        usage: current.usage,
        source: current.source,
        ...changes,
      },
    })
    expect(res.statusCode).toBe(200)
  }

  /** A fresh install of `file`, handed to `test`, closed afterwards. */
  async function onInstallOf(file: ContentFile, test: (t: TestApp) => Promise<void>) {
    const t = await startTestApp({}, { contentDir: await contentDir(file) })
    try {
      await test(t)
    } finally {
      await t.close()
    }
  }

  /**
   * An instance's content import (its own transaction; on PostgreSQL its own connection) that
   * runs `afterRead` between reading the idioms and writing anything.
   */
  function importingInstance(t: TestApp, afterRead: () => Promise<void>) {
    const repo = createContentRepo(t.database.db)
    const content: ContentRepo = {
      inTransaction: (fn) =>
        repo.inTransaction((q) =>
          fn({
            ...q,
            async findIdioms(keys) {
              const found = await q.findIdioms(keys)
              await afterRead()
              return found
            },
          }),
        ),
    }
    return createContentService({ content, clock: () => new Date() })
  }

  it('an install made before fingerprints gets the new lists where they are an earlier release’s, and keeps an admin’s', async () => {
    const [r1, r2] = [release(1), release(2)]
    // The install as the previous release made it: release 1 imported, an admin's own idiom
    // typed before the library had it, one library idiom's lists edited by an admin.
    const t = await startTestApp(
      {},
      { contentDir: await contentDir({ idioms: r1.idioms.slice(0, 3) }) },
    )
    try {
      const admin = (await t.userWithRole('admin')).token
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/idiom',
        headers: bearer(admin),
        payload: { text: PAN, translation: 'a kind soul (admin)' },
      })
      expect(created.statusCode).toBe(200)
      const before = await rows(t)
      await saveInForm(t, admin, before[LECHE]!.id, { meanings: ['spite (admin)'] })
      // What migration 0019 leaves on every existing row: no fingerprint.
      await t.database.db.update(idioms).set({ contentListsHash: null })

      await start(t, await contentDir(r2, [r1]))
      const after = await rows(t)
      expect(lists(after[HORNO])).toEqual(listsOf(r2, HORNO))
      expect(lists(after[VACA])).toEqual(listsOf(r2, VACA))
      expect(lists(after[LECHE])).toEqual({
        meanings: ['spite (admin)'],
        literals: listsOf(r1, LECHE).literals,
      })
      expect(after[PAN]).toMatchObject({ contentKey: null, meanings: [], literals: [] })
      expect(after[PAN]).toEqual(before[PAN])
    } finally {
      await t.close()
    }
  })

  it('each release replaces its own lists; an admin’s change in the form stops that for good; a second start changes nothing', async () => {
    const [r1, r2, r3] = [release(1), release(2), release(3)]
    const t = await startTestApp({}, { contentDir: await contentDir(r1) })
    try {
      const admin = (await t.userWithRole('admin')).token
      await start(t, await contentDir(r2, [r1]))
      let now = await rows(t)
      for (const text of [HORNO, LECHE, VACA, PAN])
        expect(lists(now[text])).toEqual(listsOf(r2, text))

      // An admin fixes HORNO's gloss (its lists sent back unchanged) and rewrites LECHE's
      // literals; then sets VACA's lists back to exactly what release 1 shipped.
      await saveInForm(t, admin, now[HORNO]!.id, { translation: 'to be toast (admin)' })
      await saveInForm(t, admin, now[LECHE]!.id, { literals: ['bad milk (admin)'] })
      await saveInForm(t, admin, now[VACA]!.id, listsOf(r1, VACA))
      // ... and tries a phrase in PAN's meanings, then takes it out again.
      await saveInForm(t, admin, now[PAN]!.id, {
        meanings: [...listsOf(r2, PAN).meanings, 'a saint (admin)'],
      })
      await saveInForm(t, admin, now[PAN]!.id, { meanings: listsOf(r2, PAN).meanings })

      const upgrade = await contentDir(r3, [r1, r2])
      await start(t, upgrade)
      now = await rows(t)
      expect(now[HORNO]).toMatchObject({
        ...listsOf(r3, HORNO),
        translation: 'to be toast (admin)',
      })
      expect(lists(now[LECHE])).toEqual({
        meanings: listsOf(r2, LECHE).meanings,
        literals: ['bad milk (admin)'],
      })
      expect(lists(now[VACA])).toEqual(listsOf(r1, VACA))
      expect(lists(now[PAN])).toEqual(listsOf(r2, PAN))

      const version = await libraryVersion(t)
      await start(t, upgrade)
      expect(await rows(t)).toEqual(now)
      expect(await libraryVersion(t)).toBe(version)
    } finally {
      await t.close()
    }
  })

  it('instances starting at once write each idiom’s new lists once, all or nothing', async () => {
    const [r1, r2] = [release(1), release(2)]
    const t = await startTestApp({}, { contentDir: await contentDir(r1) })
    try {
      const upgrade = await contentDir(r2, [r1])
      const version = await libraryVersion(t)
      // Each instance's import runs in its own transaction on its own connection. On PostgreSQL
      // all three have read the idioms before any of them writes (PGlite has one connection, so
      // its transactions run one after another anyway).
      const racing = t.database.kind === 'postgres'
      let read = 0
      let allRead!: () => void
      const everyoneHasRead = new Promise<void>((resolve) => {
        allRead = resolve
      })
      const instance = () =>
        importingInstance(t, async () => {
          if (!racing) return
          if (++read === 3) allRead()
          await everyoneHasRead
        }).importDir(upgrade)
      const reports = await Promise.all([instance(), instance(), instance()])
      expect(reports.map((r) => r.idiomsRefreshed).reduce((x, y) => x + y)).toBe(4)
      const now = await rows(t)
      for (const text of [HORNO, LECHE, VACA, PAN])
        expect(lists(now[text])).toEqual(listsOf(r2, text))
      // Every row written bumps the library's version once (migration 0017's trigger): four
      // idioms, four writes, whichever instance made them.
      expect(await libraryVersion(t)).toBe(version + 4)
    } finally {
      await t.close()
    }
  })

  // PGlite has one connection: nothing else can run while the import's transaction is open.
  it.skipIf(process.env.CHE_TEST_DB !== 'postgres')(
    'an admin’s save that lands while an instance is importing wins',
    async () => {
      const [r1, r2] = [release(1), release(2)]
      const t = await startTestApp({}, { contentDir: await contentDir(r1) })
      try {
        const admin = (await t.userWithRole('admin')).token
        const lecheId = (await rows(t))[LECHE]!.id
        const report = await importingInstance(t, () =>
          saveInForm(t, admin, lecheId, { meanings: ['spite (admin)'] }),
        ).importDir(await contentDir(r2, [r1]))
        expect(report.idiomsRefreshed).toBe(3)
        const now = await rows(t)
        expect(now[LECHE]).toMatchObject({
          meanings: ['spite (admin)'],
          literals: listsOf(r1, LECHE).literals,
          contentListsHash: 'edited',
        })
        expect(lists(now[HORNO])).toEqual(listsOf(r2, HORNO))
      } finally {
        await t.close()
      }
    },
  )

  it('a write that fails leaves every idiom’s lists as they were', () =>
    onInstallOf(release(1), async (t) => {
      const [r1, r2] = [release(1), release(2)]
      const before = await rows(t)
      // A new idiom the database refuses, written in the same transaction after the refresh.
      const withNew = structuredClone(r2)
      withNew.idioms.push(idiom('Idiom nuevo', [], []))
      await t.database.db.execute(
        sql`alter table idioms add constraint test_refuse_new check (text <> 'Idiom nuevo')`,
      )
      const content = createContentService({
        content: createContentRepo(t.database.db),
        clock: () => new Date(),
      })
      await expect(content.importDir(await contentDir(withNew, [r1]))).rejects.toThrow()
      await t.database.db.execute(sql`alter table idioms drop constraint test_refuse_new`)
      expect(await rows(t)).toEqual(before)
      expect(await content.importDir(await contentDir(r2, [r1]))).toMatchObject({
        idiomsRefreshed: 4,
      })
    }))
})

describe('the repository’s library over an install made on 2026-11-23', () => {
  it('gives idioms still carrying that day’s lists today’s, and leaves lists no release shipped', async () => {
    const database = await createTestDatabase()
    try {
      const content = createContentService({
        content: createContentRepo(database.db),
        clock: () => new Date('2026-11-24T00:00:00Z'),
      })
      await content.importDir()
      const old = JSON.parse(
        await readFile(join(import.meta.dirname, 'lists-2026-11-23.fixture.json'), 'utf8'),
      ) as { idioms: Record<string, { meanings: string[]; literals: string[] }> }
      const today = Object.fromEntries(
        (await database.db.select().from(idioms)).map((r) => [r.contentKey, r] as const),
      )
      // The install as that day's release left it: its lists, no fingerprint (migration 0019),
      // no senses (migration 0020; today's library gives "al pedo" two).
      for (const [key, l] of Object.entries(old.idioms)) {
        expect(allLists(today[key])).not.toEqual({ ...l, senses: [] })
        await database.db
          .update(idioms)
          .set({ ...l, senses: [], contentListsHash: null })
          .where(eq(idioms.contentKey, key))
      }
      const edited = { meanings: ['an admin’s own phrase'], literals: [], senses: [] }
      await database.db
        .update(idioms)
        .set({ ...edited, contentListsHash: null })
        .where(eq(idioms.contentKey, 'andar con pie de plomo'))

      const report = await content.importDir(CONTENT_DIR)
      expect(report).toMatchObject({ idiomsRefreshed: 2, idiomsCreated: 0, invalidFiles: [] })
      const after = Object.fromEntries(
        (await database.db.select().from(idioms)).map((r) => [r.contentKey, r] as const),
      )
      for (const key of Object.keys(old.idioms))
        expect(allLists(after[key])).toEqual(allLists(today[key]))
      expect(allLists(after['andar con pie de plomo'])).toEqual(edited)
      expect(await content.importDir()).toMatchObject({ idiomsRefreshed: 0 })
    } finally {
      await database.drop()
    }
  })
})

function lists(r: { meanings: string[]; literals: string[] } | undefined) {
  return { meanings: r?.meanings, literals: r?.literals }
}

/** An idiom's lists, senses included (decision 067). */
function allLists(r: { meanings: string[]; literals: string[]; senses: string[][] } | undefined) {
  return { ...lists(r), senses: r?.senses }
}
