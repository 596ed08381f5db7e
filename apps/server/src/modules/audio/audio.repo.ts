import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { examples } from '../../db/schema.js'

export function createAudioRepo(db: Db) {
  return {
    /** Remember where an example's synthesised speech is stored. */
    async setTtsKey(exampleId: string, key: string): Promise<void> {
      await db.update(examples).set({ ttsKey: key }).where(eq(examples.id, exampleId))
    },
  }
}
export type AudioRepo = ReturnType<typeof createAudioRepo>
