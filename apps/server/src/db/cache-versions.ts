import { createBatchRunner } from './batch.js'
import type { Db } from './client.js'
import { cacheVersions } from './schema.js'

/** The cached table groups whose versions migration 0017's triggers keep. */
export type CacheTopic = 'library' | 'speech' | 'users'

export type Versions = ReadonlyMap<string, number>

/**
 * Reads every cache version in one query, shared by the callers that ask at about the same time
 * (docs/decisions/044). Each caller gets the result of a read that STARTED after it asked: it is
 * a batch runner (db/batch.ts), whose batch is taken when its read starts, so callers arriving
 * while a read is in flight wait for the next one, which then serves all of them. So a learner
 * whose own write committed before their request arrived never gets an older number, while 200
 * requests in flight cost one read per round trip instead of 200, and a lone caller reads at once
 * (decision 045, session 6). Each consumer names itself (`asker`: the users cache, the library):
 * a lone request asks as each at most once per turn, which is what tells it from company.
 */
export function createVersionReader(db: Db) {
  // Built once (the most frequent statement of the learning loop, decision 045 session 7): no
  // query building per read, and on PostgreSQL a named statement each connection parses once.
  const query = db
    .select({ topic: cacheVersions.topic, version: cacheVersions.version })
    .from(cacheVersions)
    .prepare('che_cache_versions')
  async function readNow(): Promise<Versions> {
    const rows = await query.execute()
    return new Map(rows.map((r) => [r.topic, r.version]))
  }

  const runner = createBatchRunner<string, Versions>({
    single: readNow,
    kindOf: (asker) => asker,
    async run(items) {
      // One read for all; a failed read fails each caller once (no retry per caller).
      try {
        const versions = await readNow()
        return items.map(() => ({ value: versions }))
      } catch (error) {
        return items.map(() => ({ error }))
      }
    },
  })

  return {
    /** The versions as of a read begun after this call; `asker` names the consumer asking. */
    read: (asker = ''): Promise<Versions> => runner.call(asker),
  }
}
export type VersionReader = ReturnType<typeof createVersionReader>
