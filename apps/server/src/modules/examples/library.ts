import { asc, eq } from 'drizzle-orm'
import type { Tone } from '@che/core'
import type { CacheTopic, VersionReader } from '../../db/cache-versions.js'
import type { Db } from '../../db/client.js'
import { cacheVersions, examples, idioms } from '../../db/schema.js'
import type { ExampleRow, IdiomRow } from '../idioms/idioms.repo.js'

/** An example with its idiom, as the learning loop reads them. */
export interface LibraryEntry {
  example: ExampleRow
  idiom: IdiomRow
}

/** What choosing a new item needs of each example (core chooseNext's candidates). */
export interface LibraryCandidate {
  exampleId: string
  idiomId: string
  tone: Tone
  usage: number
}

/** The whole library as it was at one version. */
export interface LibrarySnapshot {
  version: number
  get(exampleId: string): LibraryEntry | undefined
  /** Every example as a new-item candidate (chooseNext drops those the learner has seen). */
  candidates: readonly LibraryCandidate[]
}

const TOPIC: CacheTopic = 'library'

/**
 * The library (examples with their idioms) held in memory by this instance, so the learning
 * loop reads an example without a query (docs/decisions/044).
 *
 * Never stale: every row written in examples or idioms bumps `cache_versions.library` in the
 * writing transaction (triggers of migration 0017), and `snapshot()` reads that number first
 * (a read shared by the requests that arrive together, see cache-versions.ts).
 * The copy is used only while it was loaded at the number read now; otherwise the library is read
 * again, number and rows in one read-only snapshot, so they always belong together. This holds
 * for writes from any instance on the same PostgreSQL, from imports and from tools, because the
 * database itself keeps the number. Without the row (it is seeded by the migration), nothing is
 * cached and every call reads the library.
 */
export function createLibraryCache(db: Db, versions: Pick<VersionReader, 'read'>) {
  let current: LibrarySnapshot | undefined
  let loading: { version: number | undefined; promise: Promise<LibrarySnapshot> } | undefined

  async function load(): Promise<LibrarySnapshot> {
    const { version, rows } = await db.transaction(
      async (tx) => {
        const [row] = await tx
          .select({ version: cacheVersions.version })
          .from(cacheVersions)
          .where(eq(cacheVersions.topic, TOPIC))
        const rows = await tx
          .select({ example: examples, idiom: idioms })
          .from(examples)
          .innerJoin(idioms, eq(idioms.id, examples.idiomId))
          .orderBy(asc(examples.id))
        return { version: row?.version ?? -1, rows }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    const byId = new Map(rows.map((r) => [r.example.id, r]))
    return {
      version,
      get: (exampleId) => byId.get(exampleId),
      candidates: rows.map((r) => ({
        exampleId: r.example.id,
        idiomId: r.idiom.id,
        tone: r.idiom.tone,
        usage: r.idiom.usage,
      })),
    }
  }

  return {
    /** The library as it is now: the copy in memory when still current, else read afresh. */
    async snapshot(): Promise<LibrarySnapshot> {
      const version = (await versions.read()).get(TOPIC)
      if (version !== undefined && current?.version === version) return current
      // Callers arriving while the same version loads share that read.
      if (version !== undefined && loading?.version === version) return loading.promise
      const promise = load().then((snap) => {
        if (snap.version >= 0 && (!current || snap.version > current.version)) current = snap
        return snap
      })
      loading = { version, promise }
      try {
        return await promise
      } finally {
        if (loading?.promise === promise) loading = undefined
      }
    },
  }
}
export type LibraryCache = ReturnType<typeof createLibraryCache>
