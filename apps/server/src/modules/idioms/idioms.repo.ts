import { asc, count, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { examples, idioms, LISTS_EDITED } from '../../db/schema.js'

export type IdiomRow = typeof idioms.$inferSelect
export type NewIdiomRow = typeof idioms.$inferInsert
export type ExampleRow = typeof examples.$inferSelect

/** True when `err` (or what it wraps) is PostgreSQL's unique_violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ('code' in e && (e as { code: unknown }).code === '23505') return true
    e = 'cause' in e ? (e as { cause: unknown }).cause : undefined
  }
  return false
}

export function createIdiomsRepo(db: Db) {
  return {
    /** Every idiom with its number of examples, in one query. */
    async listWithCounts(): Promise<(IdiomRow & { exampleCount: number })[]> {
      return db
        .select({ ...getTableColumns(idioms), exampleCount: count(examples.id) })
        .from(idioms)
        .leftJoin(examples, eq(examples.idiomId, idioms.id))
        .groupBy(idioms.id)
        .orderBy(asc(idioms.normalizedText))
    },
    async listAll(): Promise<IdiomRow[]> {
      return db.select().from(idioms).orderBy(asc(idioms.normalizedText))
    },
    /** Every example of the given idioms (all idioms when `idiomIds` is undefined), oldest first. */
    async examplesOf(idiomIds?: string[]): Promise<ExampleRow[]> {
      if (idiomIds && idiomIds.length === 0) return []
      const q = db.select().from(examples)
      return (idiomIds ? q.where(inArray(examples.idiomId, idiomIds)) : q).orderBy(
        asc(examples.createdAt),
        asc(examples.id),
      )
    },
    async findById(id: string): Promise<IdiomRow | undefined> {
      const [row] = await db.select().from(idioms).where(eq(idioms.id, id))
      return row
    },
    async findByKey(normalizedText: string): Promise<IdiomRow | undefined> {
      const [row] = await db.select().from(idioms).where(eq(idioms.normalizedText, normalizedText))
      return row
    },
    /** Insert one idiom; undefined when another idiom already has its key. */
    async insert(values: NewIdiomRow): Promise<IdiomRow | undefined> {
      const [row] = await db
        .insert(idioms)
        .values(values)
        .onConflictDoNothing({ target: idioms.normalizedText })
        .returning()
      return row
    },
    /**
     * Throws a unique violation (see isUniqueViolation) when the new text is another idiom's.
     * New meanings, literals or senses that differ from the stored ones mark the lists as the
     * admin's (LISTS_EDITED), so the content import never replaces them (decision 065); the same
     * lists sent again (a client may send every field with each save) leave them as they were.
     * When the changes touch meanings or senses, `check` sees the lists the idiom would have
     * (the changes over the stored row, read locked in the update's transaction) and may throw
     * to refuse them: nothing is written then (decision 067's rules span both lists).
     */
    async update(
      id: string,
      changes: Partial<NewIdiomRow>,
      check?: (lists: { meanings: string[]; senses: string[][] }) => void,
    ): Promise<IdiomRow | undefined> {
      const changed = [
        changes.meanings && sql`${idioms.meanings} <> ${JSON.stringify(changes.meanings)}::jsonb`,
        changes.literals && sql`${idioms.literals} <> ${JSON.stringify(changes.literals)}::jsonb`,
        changes.senses && sql`${idioms.senses} <> ${JSON.stringify(changes.senses)}::jsonb`,
      ].filter((c) => c !== undefined)
      const write = async (q: Db) => {
        const [row] = await q
          .update(idioms)
          .set({
            ...changes,
            ...(changed.length
              ? {
                  contentListsHash: sql`case when ${or(...changed)} then ${LISTS_EDITED} else ${idioms.contentListsHash} end`,
                }
              : {}),
          })
          .where(eq(idioms.id, id))
          .returning()
        return row
      }
      if (!check || (changes.meanings === undefined && changes.senses === undefined))
        return write(db)
      return db.transaction(async (tx) => {
        const [stored] = await tx
          .select({ meanings: idioms.meanings, senses: idioms.senses })
          .from(idioms)
          .where(eq(idioms.id, id))
          .for('update')
        if (!stored) return undefined
        check({
          meanings: changes.meanings ?? stored.meanings,
          senses: changes.senses ?? stored.senses,
        })
        return write(tx)
      })
    },
  }
}
export type IdiomsRepo = ReturnType<typeof createIdiomsRepo>
