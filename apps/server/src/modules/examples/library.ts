import { getTableColumns, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Tone } from '@che/core'
import type { CacheTopic, VersionReader } from '../../db/cache-versions.js'
import { type Db, firstRow } from '../../db/client.js'
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

/** The whole library as it was at one pair of versions. */
export interface LibrarySnapshot {
  /** cache_versions.library: examples' and idioms' content. */
  version: number
  /** cache_versions.speech: examples' stored speech (tts_key, tts_voice, tts_kind) alone. */
  speech: number
  get(exampleId: string): LibraryEntry | undefined
  /** Every example as a new-item candidate (chooseNext drops those the learner has seen). */
  candidates: readonly LibraryCandidate[]
}

/** A version read from the database (bigint: a string from node-postgres); -1 when missing. */
type DbVersion = number | string | bigint | null | undefined
const versionOf = (v: DbVersion): number => (v === null || v === undefined ? -1 : Number(v))

const versionSql = (topic: CacheTopic) =>
  sql`(select ${cacheVersions.version} from ${cacheVersions} where ${cacheVersions.topic} = ${topic})`

/**
 * The library (examples with their idioms) held in memory by this instance, so the learning
 * loop reads an example without a query (docs/decisions/044).
 *
 * Never stale: every row written in examples or idioms bumps a number in `cache_versions` in the
 * writing transaction (triggers of migration 0017): `speech` when only an example's stored speech
 * changed (what the speech queue writes, one example at a time), `library` for anything else.
 * `snapshot()` reads both first (a read shared by the requests that arrive together, see
 * cache-versions.ts) and uses the copy only while both are those it was read at. A new `speech`
 * alone re-reads just the speech columns; a new `library` re-reads everything. Numbers and rows
 * always come from one statement, so they belong together. This holds for writes from any
 * instance on the same PostgreSQL, from imports and from tools, because the database itself keeps
 * the numbers. Without the rows (the migration seeds them), nothing is cached.
 */
export function createLibraryCache(db: Db, versions: Pick<VersionReader, 'read'>) {
  let current: LibrarySnapshot | undefined
  let loading: { key: string; promise: Promise<LibrarySnapshot> } | undefined

  function snapshotOf(version: number, speech: number, rows: LibraryEntry[]): LibrarySnapshot {
    const byId = new Map(rows.map((r) => [r.example.id, r]))
    return {
      version,
      speech,
      get: (exampleId) => byId.get(exampleId),
      candidates: rows.map((r) => ({
        exampleId: r.example.id,
        idiomId: r.idiom.id,
        tone: r.idiom.tone,
        usage: r.idiom.usage,
      })),
    }
  }

  async function load(): Promise<LibrarySnapshot> {
    // The rows travel as two JSON texts: PGlite turns a result row into an object at ≈ 50 µs a
    // row, which made the library (≈ 650 rows) cost ≈ 28 ms to read as rows and ≈ 7 ms as JSON.
    const first = await firstRow<{
      version: DbVersion
      speech: DbVersion
      examples: string
      idioms: string
    }>(
      db,
      sql`select ${versionSql('library')} as version, ${versionSql('speech')} as speech,
        (select coalesce(json_agg(e), '[]') from ${examples} e)::text as examples,
        (select coalesce(json_agg(i), '[]') from ${idioms} i)::text as idioms`,
    )
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
    return snapshotOf(versionOf(first?.version), versionOf(first?.speech), rows)
  }

  /** `base` with every example's speech columns as they are now; a full load if more changed. */
  async function refreshSpeech(base: LibrarySnapshot): Promise<LibrarySnapshot> {
    const first = await firstRow<{ version: DbVersion; speech: DbVersion; tts: string }>(
      db,
      sql`select ${versionSql('library')} as version, ${versionSql('speech')} as speech,
        (select coalesce(json_agg(json_build_array(${examples.id}, ${examples.ttsKey}, ${examples.ttsVoice}, ${examples.ttsKind})), '[]') from ${examples})::text as tts`,
    )
    if (versionOf(first?.version) !== base.version) return load()
    const tts = new Map(
      (
        JSON.parse(first?.tts ?? '[]') as [string, string | null, string | null, string | null][]
      ).map(([id, key, voice, kind]) => [id, { key, voice, kind }]),
    )
    const rows: LibraryEntry[] = []
    for (const { exampleId } of base.candidates) {
      const entry = base.get(exampleId)!
      const now = tts.get(exampleId)
      const { example } = entry
      if (
        !now ||
        (now.key === example.ttsKey &&
          now.voice === example.ttsVoice &&
          now.kind === example.ttsKind)
      ) {
        rows.push(entry)
        continue
      }
      rows.push({
        idiom: entry.idiom,
        example: {
          ...example,
          ttsKey: now.key,
          ttsVoice: now.voice,
          ttsKind: now.kind as ExampleRow['ttsKind'],
        },
      })
    }
    return snapshotOf(base.version, versionOf(first?.speech), rows)
  }

  return {
    /**
     * The library as it is now: the copy in memory when still current, else read afresh.
     * `scope`: the request, when its versions were already read for it (cache-versions.ts).
     */
    async snapshot(scope?: object): Promise<LibrarySnapshot> {
      const read = await versions.read('library', scope)
      const version = read.get('library')
      const speech = read.get('speech')
      const known = version !== undefined && speech !== undefined
      if (known && current?.version === version && current.speech === speech) return current
      // Callers arriving while the same versions load share that read.
      const key = `${version}/${speech}`
      if (known && loading?.key === key) return loading.promise
      const base = current
      const promise = (
        known && base?.version === version && base.speech < speech ? refreshSpeech(base) : load()
      ).then((snap) => {
        const newer =
          !current ||
          snap.version > current.version ||
          (snap.version === current.version && snap.speech > current.speech)
        if (snap.version >= 0 && snap.speech >= 0 && newer) current = snap
        return snap
      })
      loading = { key, promise }
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
