import type { Db } from '../../db/client.js'
import { idioms } from '../../db/schema.js'
import type { IdiomRow, NewIdiomRow } from '../idioms/idioms.repo.js'

/** Rows per INSERT: ~9 parameters a row stays far below PostgreSQL's 65,535. */
export const IMPORT_CHUNK = 1_000

export function createImportRepo(db: Db) {
  return {
    /**
     * Insert idioms in one transaction, in chunks: all land or none do. A row whose
     * normalized_text is already taken is skipped (not an error) and missing from the result.
     */
    async insertIdioms(rows: NewIdiomRow[], chunkSize = IMPORT_CHUNK): Promise<IdiomRow[]> {
      if (rows.length === 0) return []
      return db.transaction(async (tx) => {
        const created: IdiomRow[] = []
        for (let i = 0; i < rows.length; i += chunkSize) {
          const inserted = await tx
            .insert(idioms)
            .values(rows.slice(i, i + chunkSize))
            .onConflictDoNothing({ target: idioms.normalizedText })
            .returning()
          created.push(...inserted)
        }
        return created
      })
    },
  }
}
export type ImportRepo = ReturnType<typeof createImportRepo>
