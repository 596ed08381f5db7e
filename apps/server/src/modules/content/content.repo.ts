import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { examples, idioms } from '../../db/schema.js'
import type { NewExampleRow } from '../examples/examples.repo.js'
import type { NewIdiomRow } from '../idioms/idioms.repo.js'

const CHUNK = 1_000

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

/** A library idiom as the import reads it. */
export interface LibraryIdiomRow {
  id: string
  contentKey: string | null
  normalizedText: string
  meanings: string[]
  literals: string[]
  senses: string[][]
  contentListsHash: string | null
}

/** The columns of a LibraryIdiomRow. */
const LIBRARY_COLUMNS = {
  id: idioms.id,
  contentKey: idioms.contentKey,
  normalizedText: idioms.normalizedText,
  meanings: idioms.meanings,
  literals: idioms.literals,
  senses: idioms.senses,
  contentListsHash: idioms.contentListsHash,
}

export interface ListsReplacement {
  id: string
  meanings: string[]
  literals: string[]
  senses: string[][]
  /** The fingerprint of `meanings`, `literals` and `senses`. */
  hash: string
  /** What the row held when it was read. */
  was: Pick<LibraryIdiomRow, 'meanings' | 'literals' | 'senses' | 'contentListsHash'>
}

/** Queries of the content import; `inTransaction` runs them all in one transaction. */
function contentQueries(db: Db) {
  return {
    /** Idioms that came from content (by content_key) or already have the same text. */
    async findIdioms(keys: string[]) {
      const found: LibraryIdiomRow[] = []
      for (const part of chunks(keys)) {
        found.push(
          ...(await db
            .select(LIBRARY_COLUMNS)
            .from(idioms)
            .where(or(inArray(idioms.contentKey, part), inArray(idioms.normalizedText, part)))),
        )
      }
      return found
    },
    /** Insert idioms, skipping any whose key is taken meanwhile; returns the ones inserted. */
    async insertIdioms(rows: NewIdiomRow[]) {
      const inserted: { id: string; contentKey: string | null }[] = []
      for (const part of chunks(rows)) {
        inserted.push(
          ...(await db
            .insert(idioms)
            .values(part)
            .onConflictDoNothing()
            .returning({ id: idioms.id, contentKey: idioms.contentKey })),
        )
      }
      return inserted
    },
    /**
     * Writes the library's lists and their fingerprint on each idiom that still has exactly the
     * lists and fingerprint it was read with (`was`): a row another instance or an admin changed
     * meanwhile is left alone. Rows go in id order, so concurrent imports lock them in one order.
     * Returns how many changed.
     */
    async replaceLists(rows: ListsReplacement[]) {
      let n = 0
      for (const r of [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
        n += (
          await db
            .update(idioms)
            .set({
              meanings: r.meanings,
              literals: r.literals,
              senses: r.senses,
              contentListsHash: r.hash,
            })
            .where(
              and(
                eq(idioms.id, r.id),
                sql`${idioms.meanings} = ${JSON.stringify(r.was.meanings)}::jsonb`,
                sql`${idioms.literals} = ${JSON.stringify(r.was.literals)}::jsonb`,
                sql`${idioms.senses} = ${JSON.stringify(r.was.senses)}::jsonb`,
                r.was.contentListsHash === null
                  ? isNull(idioms.contentListsHash)
                  : eq(idioms.contentListsHash, r.was.contentListsHash),
              ),
            )
            .returning({ id: idioms.id })
        ).length
      }
      return n
    },
    /** One idiom's origin and lists, its row locked until the transaction ends (restoreLists). */
    async lockIdiom(id: string): Promise<LibraryIdiomRow | undefined> {
      const [row] = await db
        .select(LIBRARY_COLUMNS)
        .from(idioms)
        .where(eq(idioms.id, id))
        .for('update')
      return row
    },
    /** Set one idiom's lists and their fingerprint (restoreLists; the row is locked). */
    async setLists(id: string, lists: Omit<ListsReplacement, 'id' | 'was'>): Promise<void> {
      await db
        .update(idioms)
        .set({
          meanings: lists.meanings,
          literals: lists.literals,
          senses: lists.senses,
          contentListsHash: lists.hash,
        })
        .where(eq(idioms.id, id))
    },
    async examplesOf(idiomIds: string[]) {
      const found: { idiomId: string; contentKey: string | null; text: string }[] = []
      for (const part of chunks(idiomIds)) {
        found.push(
          ...(await db
            .select({
              idiomId: examples.idiomId,
              contentKey: examples.contentKey,
              text: examples.text,
            })
            .from(examples)
            .where(inArray(examples.idiomId, part))),
        )
      }
      return found
    },
    async insertExamples(rows: NewExampleRow[]): Promise<number> {
      let n = 0
      for (const part of chunks(rows)) {
        n += (
          await db
            .insert(examples)
            .values(part)
            .onConflictDoNothing()
            .returning({ id: examples.id })
        ).length
      }
      return n
    },
  }
}
export type ContentQueries = ReturnType<typeof contentQueries>

export function createContentRepo(db: Db) {
  return {
    inTransaction<T>(fn: (q: ContentQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(contentQueries(tx)))
    },
  }
}
export type ContentRepo = ReturnType<typeof createContentRepo>
