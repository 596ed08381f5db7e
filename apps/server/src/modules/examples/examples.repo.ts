import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { examples, idioms } from '../../db/schema.js'
import type { ExampleRow, IdiomRow } from '../idioms/idioms.repo.js'

export type NewExampleRow = typeof examples.$inferInsert

export function createExamplesRepo(db: Db) {
  return {
    /** An example with its idiom, in one query. */
    async findWithIdiom(id: string): Promise<{ example: ExampleRow; idiom: IdiomRow } | undefined> {
      const [row] = await db
        .select({ example: examples, idiom: idioms })
        .from(examples)
        .innerJoin(idioms, eq(idioms.id, examples.idiomId))
        .where(eq(examples.id, id))
      return row
    },
    async listByIdiom(idiomId: string): Promise<ExampleRow[]> {
      return db
        .select()
        .from(examples)
        .where(eq(examples.idiomId, idiomId))
        .orderBy(asc(examples.createdAt), asc(examples.id))
    },
    async insert(values: NewExampleRow): Promise<ExampleRow> {
      const [row] = await db.insert(examples).values(values).returning()
      return row!
    },
    async update(id: string, changes: Partial<NewExampleRow>): Promise<ExampleRow | undefined> {
      const [row] = await db.update(examples).set(changes).where(eq(examples.id, id)).returning()
      return row
    },
  }
}
export type ExamplesRepo = ReturnType<typeof createExamplesRepo>
