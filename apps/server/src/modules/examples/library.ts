import { getTableColumns, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
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

/** The one row `load` reads: the version (bigint: a string from node-postgres) and two JSON texts. */
interface LibraryJson {
  version: number | string | bigint | null
  examples: string
  idioms: string
}

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
    // One statement, so the version and the rows come from one snapshot. The rows travel as two
    // JSON texts: PGlite turns a result row into an object at ≈ 50 µs a row, which made the
    // library (≈ 650 rows) cost ≈ 28 ms to read as rows and ≈ 7 ms as JSON.
    const result = await db.execute(sql`select
        (select ${cacheVersions.version} from ${cacheVersions} where ${cacheVersions.topic} = ${TOPIC}) as version,
        (select coalesce(json_agg(e), '[]') from ${examples} e)::text as examples,
        (select coalesce(json_agg(i), '[]') from ${idioms} i)::text as idioms`)
    // node-postgres and PGlite both answer { rows }.
    const [first] = (result as unknown as { rows: LibraryJson[] }).rows
    const version = first?.version === null || first === undefined ? -1 : Number(first.version)
    const idiomRows = new Map<string, IdiomRow>()
    for (const raw of JSON.parse(first?.idioms ?? '[]') as Record<string, unknown>[]) {
      const idiom = fromJson(idioms, raw)
      idiomRows.set(idiom.id, idiom)
    }
    const rows: LibraryEntry[] = []
    for (const raw of JSON.parse(first?.examples ?? '[]') as Record<string, unknown>[]) {
      const example = fromJson(examples, raw)
      const idiom = idiomRows.get(example.idiomId)
      if (idiom) rows.push({ example, idiom })
    }
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

/**
 * A row of `table` from its JSON form (`json_agg` of the row): each column by its SQL name,
 * through the column's own mapping from what the driver gives (timestamps to Date, jsonb and
 * arrays as they are), so it equals what a Drizzle select of the table returns.
 */
function fromJson<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as T['$inferSelect']
}
