import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLibraryCache } from '../modules/examples/library.js'
import { createVersionReader, type Versions, versionsOf } from './cache-versions.js'
import { examples, idioms } from './schema.js'
import { createTestDatabase, type TestDatabase } from './test-db.js'

const IDIOM = '00000000-0000-4000-8000-000000000001'
const EXAMPLE = '00000000-0000-4000-8000-000000000002'

describe('cache versions', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())

  const libraryVersion = async () => (await createVersionReader(database.db).read()).get('library')!

  it('a write to examples or idioms moves the library version; a write that matches nothing does not', async () => {
    const before = await libraryVersion()
    await database.db.insert(idioms).values({
      text: 'ser un bicho',
      normalizedText: 'ser un bicho',
      translation: 'to be smart',
      tone: 'Casual',
      usage: 5,
    })
    const afterInsert = await libraryVersion()
    expect(afterInsert).toBeGreaterThan(before)
    await database.db.update(idioms).set({ usage: 6 }).where(eq(idioms.text, 'no such idiom'))
    expect(await libraryVersion()).toBe(afterInsert)
    await database.db.delete(idioms).where(eq(idioms.text, 'ser un bicho'))
    expect(await libraryVersion()).toBeGreaterThan(afterInsert)
  })

  /** The versions read as the reader does (versionsOf), each read going through `around`. */
  function readsThrough(around: (read: () => Promise<Versions>) => Promise<Versions>) {
    const read = versionsOf(database.db)
    return () => around(read)
  }

  it('a read asked for while another is in flight is answered by a read begun after it', async () => {
    // The first read has its answer from the database but is held back before handing it over.
    let release = () => {}
    const held = new Promise<void>((r) => {
      release = r
    })
    let calls = 0
    const gated = readsThrough(async (read) => {
      const versions = await read()
      if (++calls === 1) await held
      return versions
    })
    const reader = createVersionReader(database.db, gated)
    const first = reader.read()
    await new Promise((r) => setTimeout(r, 50)) // its query has run by now
    await database.db.execute(
      sql`update cache_versions set version = version + 1 where topic = 'library'`,
    )
    const second = reader.read() // asked after the change committed, while the first is held
    release()
    const [v1, v2] = await Promise.all([first, second])
    expect(v2.get('library')).toBe(v1.get('library')! + 1)
  })

  it('callers asking together share one read, and a lone caller reads at once', async () => {
    let reads = 0
    const counting = readsThrough((read) => {
      reads++
      return read()
    })
    const reader = createVersionReader(database.db, counting)
    // A lone caller does not wait a turn: its read has started when read() returns.
    const lone = reader.read()
    expect(reads).toBe(1)
    await lone
    // Let the turn end, so the next burst starts with no company counted.
    await new Promise((r) => setImmediate(r))
    await new Promise((r) => setImmediate(r))
    reads = 0
    const all = await Promise.all(Array.from({ length: 50 }, () => reader.read()))
    expect(all).toHaveLength(50)
    // The first of the 50 has no company yet and reads at once (decision 045, session 6); the 49
    // asking while its read is in flight must have a read begun after they asked, and share ONE.
    expect(reads).toBe(2)
    // Right after that burst the callers count as company: the next 50 wait a turn and share one.
    reads = 0
    await Promise.all(Array.from({ length: 50 }, () => reader.read()))
    expect(reads).toBe(1)
  })

  it('the library in memory is reused while current and read again after any change', async () => {
    const library = createLibraryCache(database.db, createVersionReader(database.db))
    await database.db.insert(idioms).values({
      id: IDIOM,
      text: 'estar al horno',
      normalizedText: 'estar al horno',
      translation: 'to be in trouble',
      tone: 'Casual',
      usage: 8,
    })
    await database.db.insert(examples).values({
      id: EXAMPLE,
      idiomId: IDIOM,
      text: 'Estoy al horno.',
      conjugatedSnippet: 'estoy al horno',
      translation: 'I am in trouble.',
    })
    const first = await library.snapshot()
    expect(first.get(EXAMPLE)?.example.text).toBe('Estoy al horno.')
    expect(await library.snapshot()).toBe(first) // nothing changed: no second read
    // As another instance or a tool would: straight to the table.
    await database.db.execute(
      sql`update idioms set translation = 'to be in a fix' where id = ${IDIOM}`,
    )
    const second = await library.snapshot()
    expect(second).not.toBe(first)
    expect(second.get(EXAMPLE)?.idiom.translation).toBe('to be in a fix')
    expect(second.candidates.map((c) => c.exampleId)).toContain(EXAMPLE)
  })

  it('the library in memory holds exactly what a select of examples and idioms returns', async () => {
    await database.db
      .update(examples)
      .set({ alternatives: ['Estoy en el horno.'], literal: 'I am at the oven.' })
      .where(eq(examples.id, EXAMPLE))
    await database.db
      .update(idioms)
      .set({ meanings: ['to be in a jam', 'to be in hot water'], literals: ['to be at the oven'] })
      .where(eq(idioms.id, IDIOM))
    const library = await createLibraryCache(
      database.db,
      createVersionReader(database.db),
    ).snapshot()
    const selected = await database.db
      .select({ example: examples, idiom: idioms })
      .from(examples)
      .innerJoin(idioms, eq(idioms.id, examples.idiomId))
    expect(selected.length).toBeGreaterThan(0)
    expect(library.candidates).toHaveLength(selected.length)
    for (const row of selected) expect(library.get(row.example.id)).toEqual(row)
  })

  it("an example's speech written alone moves only the speech version, and the copy in memory takes it", async () => {
    const reader = createVersionReader(database.db)
    const library = createLibraryCache(database.db, reader)
    const before = await library.snapshot()
    const versions = await reader.read()
    // What the speech queue writes (audio.repo setTts): the three speech columns.
    await database.db
      .update(examples)
      .set({ ttsKey: 'tts/new-take.wav', ttsVoice: 'espeak-ng es-419', ttsKind: 'synthetic' })
      .where(eq(examples.id, EXAMPLE))
    const after = await reader.read()
    expect(after.get('library')).toBe(versions.get('library'))
    expect(after.get('speech')).toBe(versions.get('speech')! + 1)
    const snap = await library.snapshot()
    expect(snap.get(EXAMPLE)?.example).toMatchObject({
      ttsKey: 'tts/new-take.wav',
      ttsVoice: 'espeak-ng es-419',
      ttsKind: 'synthetic',
    })
    expect(snap.get(EXAMPLE)?.idiom).toBe(before.get(EXAMPLE)?.idiom) // not read again
    // Anything else about an example is content: the whole library moves.
    await database.db
      .update(examples)
      .set({ literal: 'I am in the oven.' })
      .where(eq(examples.id, EXAMPLE))
    expect((await reader.read()).get('library')).toBe(after.get('library')! + 1)
    expect((await library.snapshot()).get(EXAMPLE)?.example.literal).toBe('I am in the oven.')
  })
})
