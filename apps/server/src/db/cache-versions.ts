import type { Db } from './client.js'
import { cacheVersions } from './schema.js'

/** The cached table groups whose versions migration 0017's triggers keep. */
export type CacheTopic = 'library' | 'speech' | 'users'

export type Versions = ReadonlyMap<string, number>

/**
 * Reads every cache version in one query, shared by the callers that ask at about the same time
 * (docs/decisions/044). Each caller gets the result of a read that STARTED after it asked: callers
 * arriving while a read is in flight wait for the next one, which then serves all of them. So a
 * learner whose own write committed before their request arrived never gets an older number,
 * while 200 requests in flight cost one read per round trip instead of 200.
 */
export function createVersionReader(db: Db) {
  let waiting: { resolve(v: Versions): void; reject(err: unknown): void }[] = []
  let inFlight = false

  async function readNow(): Promise<Versions> {
    const rows = await db
      .select({ topic: cacheVersions.topic, version: cacheVersions.version })
      .from(cacheVersions)
    return new Map(rows.map((r) => [r.topic, r.version]))
  }

  function pump(): void {
    if (inFlight || waiting.length === 0) return
    inFlight = true
    // One turn of the event loop before reading (docs/decisions/045): PGlite runs a statement
    // synchronously once it starts, so without the yield every caller would find no read in
    // flight and get one of its own. Every caller still gets a read that began after it asked.
    setImmediate(readBatch)
  }

  function readBatch(): void {
    const batch = waiting
    waiting = []
    readNow()
      .then(
        (versions) => {
          for (const w of batch) w.resolve(versions)
        },
        (err: unknown) => {
          for (const w of batch) w.reject(err)
        },
      )
      .finally(() => {
        inFlight = false
        pump()
      })
  }

  return {
    /** The versions as of a read begun after this call. */
    read(): Promise<Versions> {
      return new Promise<Versions>((resolve, reject) => {
        waiting.push({ resolve, reject })
        pump()
      })
    },
  }
}
export type VersionReader = ReturnType<typeof createVersionReader>
