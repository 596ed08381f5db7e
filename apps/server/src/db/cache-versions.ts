import { sql } from 'drizzle-orm'
import { createBatchRunner } from './batch.js'
import type { Db } from './client.js'
import { preparedText } from './prepared.js'
import { cacheVersions } from './schema.js'

/** The cached table groups whose versions migration 0017's triggers keep. */
export type CacheTopic = 'library' | 'speech' | 'users'

export type Versions = ReadonlyMap<string, number>

/**
 * One read of every cache version. The most frequent statement of the learning loop (every
 * request reads it once, decision 045 session 7), so parsed and planned once (db/prepared.ts):
 * Drizzle's `.prepare()` named it on PostgreSQL but on PGlite still parsed it on every read
 * (0.3 ms in the calendar's profile, decision 044 session 14); one JSON text also skips PGlite's
 * row objects.
 */
export function versionsOf(db: Db): () => Promise<Versions> {
  const query = preparedText(
    db,
    'cache_versions',
    [],
    sql`select coalesce(json_object_agg(${cacheVersions.topic}, ${cacheVersions.version}), '{}')::text from ${cacheVersions}`,
  )
  return async () =>
    new Map(Object.entries(JSON.parse((await query.run(db, [])) ?? '{}') as Record<string, number>))
}

/**
 * Reads every cache version in one query, shared by the callers that ask at about the same time
 * (docs/decisions/044). Each caller gets the result of a read that STARTED after it asked: it is
 * a batch runner (db/batch.ts), whose batch is taken when its read starts, so callers arriving
 * while a read is in flight wait for the next one, which then serves all of them. So a learner
 * whose own write committed before their request arrived never gets an older number, while 200
 * requests in flight cost one read per round trip instead of 200, and a lone caller reads at once
 * (decision 045, session 6). Each consumer names itself (`asker`: the users cache, the library):
 * a lone request asks as each at most once per turn, which is what tells it from company.
 * `readNow` makes one read (versionsOf; the tests pass one they can hold back).
 */
export function createVersionReader(db: Db, readNow: () => Promise<Versions> = versionsOf(db)) {
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

  // One read per request (decision 045, session 8): the first consumer's read is the answer for
  // every later consumer asking with the same scope (the users cache while authenticating, then
  // the library in the handler). That read began after the request arrived, so whatever committed
  // before the request is seen by all of them; a scope is only passed where the request itself
  // writes nothing versioned (the learning loop).
  const byScope = new WeakMap<object, Promise<Versions>>()

  return {
    /**
     * The versions as of a read begun after this call, or after the first call made with the
     * same `scope` (an object that lives as long as one request); `asker` names the consumer.
     */
    read(asker = '', scope?: object): Promise<Versions> {
      if (!scope) return runner.call(asker)
      let read = byScope.get(scope)
      if (!read) {
        read = runner.call(asker)
        byScope.set(scope, read)
      }
      return read
    },
  }
}
export type VersionReader = ReturnType<typeof createVersionReader>
