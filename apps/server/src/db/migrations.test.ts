import { randomBytes } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { asc, eq, sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { idiomKey, type ContentIdiom, type Evaluation } from '@che/core'
import { newCard, scheduleReview, type CardState } from '@che/core/scheduler'
import { loadContentFiles } from '../modules/content/content-files.js'
import { listsFingerprint } from '../modules/content/content-lists.js'
import { createContentRepo } from '../modules/content/content.repo.js'
import { createContentService } from '../modules/content/content.service.js'
import { toHistoryEntry } from '../modules/exercises/exercises.service.js'
import { libraryIdiom } from '../test/library-idiom.js'
import { openDatabase, usePglite, type Database } from './client.js'
import { idioms, progress, reviewLog } from './schema.js'

const MIGRATIONS = resolve(import.meta.dirname, '../../drizzle')
/** The last migration before the review log: databases made by the previous release. */
const BEFORE_REVIEW_LOG = '0006_reports'
/** The last migration before idioms.content_lists_hash (decision 065). */
const BEFORE_LISTS_HASH = '0018_perf-attempts-created-index'
/** The last migration before idioms.senses (decision 067). */
const BEFORE_SENSES = '0019_health-content-lists-hash'

/** A copy of the migrations folder that stops at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'che-migrations-'))
  cpSync(MIGRATIONS, dir, { recursive: true })
  const journalPath = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const last = journal.entries.findIndex((e) => e.tag === lastTag)
  if (last < 0) throw new Error(`no migration ${lastTag}`)
  journal.entries = journal.entries.slice(0, last + 1)
  writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

const T0 = Date.UTC(2026, 0, 5, 14, 30, 12, 345)
const DAY = 86_400_000

function evaluation(i: number): Evaluation {
  const grades = ['perfect', 'minor', 'major'] as const
  return {
    transcriptionAccuracy: grades[i % 3]!,
    translationAccuracy: grades[(i * 2) % 3]!,
    mistakeType: i % 3 === 0 ? 'none' : 'detail',
    missedWords: i % 2 ? ['laburo', `palabra${i}`] : [],
    feedback: `review ${i}`,
  } as unknown as Evaluation
}

/** A history as the previous release wrote it: core's log entry with the whole evaluation. */
function historyOf(n: number, seed: number): { card: CardState; history: object[] } {
  let card = newCard(new Date(T0))
  const history: object[] = []
  for (let i = 0; i < n; i++) {
    const e = evaluation(i + seed)
    const at = new Date(T0 + (i * 3 + seed) * DAY + i * 7_777)
    const next = scheduleReview(card, e, at)
    card = next.card
    history.push({ ...next.log, evaluation: e })
  }
  return { card, history }
}

/** What the tests insert: three learners' records (one never reviewed). */
const RECORDS = [
  { reviews: 25, seed: 0 },
  { reviews: 1, seed: 1 },
  { reviews: 0, seed: 2 },
  { reviews: 7, seed: 3 },
]

async function seedOldRelease(exec: (query: string) => Promise<unknown>) {
  await exec(`insert into users (id, issuer, subject) values
    ('00000000-0000-4000-8000-000000000001', 'https://idp.test', 'a'),
    ('00000000-0000-4000-8000-000000000002', 'https://idp.test', 'b')`)
  await exec(`insert into idioms (id, text, translation, normalized_text) values
    ('00000000-0000-4000-8000-0000000000a1', 'estar al horno', 'to be in trouble', 'estar al horno')`)
  const histories = []
  for (const [i, r] of RECORDS.entries()) {
    const exampleId = `00000000-0000-4000-8000-0000000000e${i}`
    const progressId = `00000000-0000-4000-8000-0000000000f${i}`
    const userId = `00000000-0000-4000-8000-00000000000${i % 2 ? 2 : 1}`
    await exec(`insert into examples (id, idiom_id, text, conjugated_snippet) values
      ('${exampleId}', '00000000-0000-4000-8000-0000000000a1', 'Estoy al horno ${i}.', 'estoy al horno')`)
    const { card, history } = historyOf(r.reviews, r.seed)
    const json = (v: unknown) => `'${JSON.stringify(v).replaceAll("'", "''")}'::jsonb`
    await exec(`insert into progress (id, user_id, example_id, idiom_id, card, history, due_at)
      values ('${progressId}', '${userId}', '${exampleId}', '00000000-0000-4000-8000-0000000000a1',
      ${json(card)}, ${json(history)}, '${card.due}')`)
    histories.push({ progressId, history })
  }
  return histories
}

/** After the migrations: every history is in the log, in order, field for field. */
async function expectMovedWithoutLoss(
  database: Database,
  histories: { progressId: string; history: object[] }[],
) {
  const { db } = database
  for (const { progressId, history } of histories) {
    const rows = await db
      .select()
      .from(reviewLog)
      .where(eq(reviewLog.progressId, progressId))
      .orderBy(asc(reviewLog.id))
    expect(rows.map(toHistoryEntry)).toEqual(history)
    const [record] = await db.select().from(progress).where(eq(progress.id, progressId))
    expect(record!.reviewCount).toBe(history.length)
    expect(record!.perfectCount).toBe(
      history.filter((h) => {
        const e = (h as { evaluation: Evaluation }).evaluation
        return e.transcriptionAccuracy === 'perfect' && e.translationAccuracy === 'perfect'
      }).length,
    )
    for (const row of rows) {
      const [owner] = await db
        .select({ userId: progress.userId })
        .from(progress)
        .where(eq(progress.id, row.progressId))
      expect(row.userId).toBe(owner!.userId)
    }
  }
  const [{ n }] = (await db
    .execute(
      sql`select count(*)::int as n from information_schema.columns where table_name = 'progress' and column_name = 'history'`,
    )
    .then((r) => (r as unknown as { rows: { n: number }[] }).rows)) as [{ n: number }]
  expect(n).toBe(0)
  const total = RECORDS.reduce((s, r) => s + r.reviews, 0)
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(reviewLog)
  expect(count!.n).toBe(total)
}

describe('migrations', () => {
  const cleanups: (() => Promise<void> | void)[] = []
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
  })

  /**
   * A database as the release whose last migration is `lastTag` left it, with `seed`'s rows,
   * opened as the server opens it (every migration runs): on PostgreSQL in the server-pg
   * project, on PGlite otherwise.
   */
  async function upgradedFrom<T>(
    lastTag: string,
    seed: (exec: (query: string) => Promise<unknown>) => Promise<T>,
  ): Promise<{ database: Database; seeded: T }> {
    const partial = migrationsUpTo(lastTag)
    cleanups.push(() => rmSync(partial, { recursive: true, force: true }))
    const adminUrl = process.env.TEST_DATABASE_URL
    if (adminUrl && process.env.CHE_TEST_DB === 'postgres') {
      const name = `che_test_${randomBytes(6).toString('hex')}`
      const admin = new pg.Client({ connectionString: adminUrl })
      await admin.connect()
      await admin.query(`create database ${name}`)
      await admin.end()
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: adminUrl })
        await c.connect()
        await c.query(`drop database if exists ${name} with (force)`)
        await c.end()
      })
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      const old = new pg.Client({ connectionString: url.toString() })
      await old.connect()
      await migratePg(drizzlePg(old), { migrationsFolder: partial })
      const seeded = await seed((q) => old.query(q))
      await old.end()
      const database = await openDatabase({ url: url.toString(), dataDir: 'unused' })
      cleanups.push(() => database.close())
      return { database, seeded }
    }
    const client = await PGlite.create()
    await migratePglite(drizzlePglite(client), { migrationsFolder: partial })
    const seeded = await seed((q) => client.exec(q))
    const database = await usePglite(client)
    cleanups.push(() => database.close())
    return { database, seeded }
  }

  it('moves every progress history into the review log without loss', async () => {
    const { database, seeded } = await upgradedFrom(BEFORE_REVIEW_LOG, seedOldRelease)
    await expectMovedWithoutLoss(database, seeded)
  })

  it('leaves the library’s idioms of an older release to the next content import, which refreshes their lists', async () => {
    const old = JSON.parse(
      readFileSync(
        resolve(import.meta.dirname, '../modules/content/lists-2026-11-23.fixture.json'),
        'utf8',
      ),
    ) as { idioms: Record<string, { meanings: string[]; literals: string[] }> }
    const [key, lists] = Object.entries(old.idioms)[0]!
    const json = (v: unknown) => `'${JSON.stringify(v).replaceAll("'", "''")}'::jsonb`
    const { database } = await upgradedFrom(BEFORE_LISTS_HASH, (exec) =>
      exec(`insert into idioms (text, translation, normalized_text, content_key, meanings, literals)
        values ('${key}', 'as shipped', '${key}', '${key}', ${json(lists.meanings)}, ${json(lists.literals)})`),
    )
    const [before] = await database.db.select().from(idioms).where(eq(idioms.contentKey, key))
    expect(before).toMatchObject({ ...lists, contentListsHash: null })
    const content = createContentService({
      content: createContentRepo(database.db),
      clock: () => new Date(T0),
    })
    expect(await content.importDir()).toMatchObject({ idiomsRefreshed: 1, invalidFiles: [] })
    const today = (await loadContentFiles()).files
      .flatMap((f) => f.idioms)
      .find((i) => idiomKey(i.text) === key)!
    const [after] = await database.db.select().from(idioms).where(eq(idioms.contentKey, key))
    expect(after).toMatchObject({ meanings: today.meanings, literals: today.literals })
    expect(after!.meanings).not.toEqual(lists.meanings)
  })

  it('gives every idiom of an older release no senses, losing nothing, and the library’s lists still follow the release', async () => {
    const json = (v: unknown) => `'${JSON.stringify(v).replaceAll("'", "''")}'::jsonb`
    const library = { meanings: ['be clueless', 'be naked'], literals: ['be in balls'] }
    const hash = listsFingerprint(library.meanings, library.literals)
    const { database } = await upgradedFrom(BEFORE_SENSES, async (exec) => {
      await exec(`insert into idioms (text, translation, normalized_text, content_key, meanings, literals, content_lists_hash)
        values ('Estar en bolas', 'to be clueless', 'estar en bolas', 'estar en bolas',
          ${json(library.meanings)}, ${json(library.literals)}, '${hash}'),
        ('Estar al horno', 'to be in trouble', 'estar al horno', 'estar al horno',
          ${json(['in hot water (admin)'])}, '[]'::jsonb, 'edited')`)
      await exec(`insert into idioms (text, translation, normalized_text, meanings)
        values ('Tirar la goma', 'to flirt', 'tirar la goma', ${json(['flirt'])})`)
    })
    const rows = await database.db.select().from(idioms).orderBy(asc(idioms.normalizedText))
    expect(rows.map((r) => [r.text, r.meanings, r.literals, r.senses, r.contentListsHash])).toEqual(
      [
        ['Estar al horno', ['in hot water (admin)'], [], [], 'edited'],
        ['Estar en bolas', library.meanings, library.literals, [], hash],
        ['Tirar la goma', ['flirt'], [], [], null],
      ],
    )

    // The next release splits both library idioms into senses: the one whose lists are still
    // the library's (its fingerprint from before senses existed) takes them, the edited one not.
    const sensed = (text: string): ContentIdiom => ({
      ...libraryIdiom(text, [], ['be in balls']),
      senses: [['be clueless'], ['be stark naked']],
    })
    const dir = mkdtempSync(join(tmpdir(), 'che-senses-content-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    mkdirSync(join(dir, 'idioms'))
    writeFileSync(
      join(dir, 'idioms', 'part-1.json'),
      JSON.stringify({ idioms: [sensed('Estar en bolas'), sensed('Estar al horno')] }),
    )
    const content = createContentService({
      content: createContentRepo(database.db),
      clock: () => new Date(T0),
    })
    expect(await content.importDir(dir)).toMatchObject({ idiomsRefreshed: 1, invalidFiles: [] })
    const after = await database.db.select().from(idioms).orderBy(asc(idioms.normalizedText))
    expect(after.map((r) => [r.text, r.meanings, r.senses, r.contentListsHash])).toEqual([
      ['Estar al horno', ['in hot water (admin)'], [], 'edited'],
      [
        'Estar en bolas',
        [],
        [['be clueless'], ['be stark naked']],
        listsFingerprint([], ['be in balls'], [['be clueless'], ['be stark naked']]),
      ],
      ['Tirar la goma', ['flirt'], [], null],
    ])
  })
})
