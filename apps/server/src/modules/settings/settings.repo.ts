import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import type { prompts, settings } from '../../db/schema.js'

type KvTable = typeof settings | typeof prompts

/** A flat key-value table (settings, prompts). */
export function createKvRepo(db: Db, table: KvTable) {
  return {
    async all(): Promise<Record<string, string>> {
      const rows = await db.select().from(table).orderBy(table.key)
      return Object.fromEntries(rows.map((r) => [r.key, r.value]))
    },
    /** Replace the whole map in one transaction. */
    async replace(map: Record<string, string>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(table)
        const rows = Object.entries(map).map(([key, value]) => ({ key, value }))
        if (rows.length) await tx.insert(table).values(rows)
      })
    },
    /** Insert keys that are missing; never overwrites an admin's value. */
    async seed(map: Record<string, string>): Promise<void> {
      const rows = Object.entries(map).map(([key, value]) => ({ key, value }))
      if (rows.length) await db.insert(table).values(rows).onConflictDoNothing()
    },
    async set(key: string, value: string): Promise<void> {
      await db
        .insert(table)
        .values({ key, value })
        .onConflictDoUpdate({ target: table.key, set: { value: sql`excluded.value` } })
    },
  }
}
export type KvRepo = ReturnType<typeof createKvRepo>
