import { idiomKey, type ContentIdiom } from '@che/core'
import { AppError, notFound } from '../../errors.js'
import type { NewExampleRow } from '../examples/examples.repo.js'
import { CONTENT_DIR, loadContentFiles, type LoadedContent } from './content-files.js'
import {
  listsFingerprint,
  loadShippedLists,
  SHIPPED_LISTS_FILE,
  type ShippedLists,
} from './content-lists.js'
import type { ContentRepo, LibraryIdiomRow } from './content.repo.js'

export interface ContentImportCounts {
  idiomsCreated: number
  /** Content idioms already in the database (from an earlier import, or entered by an admin). */
  idiomsSkipped: number
  /** Library idioms whose meanings, literals and senses were an earlier release's and are now this one's. */
  idiomsRefreshed: number
  examplesCreated: number
  examplesSkipped: number
}

export interface ContentImportReport extends ContentImportCounts {
  files: string[]
  invalidFiles: LoadedContent['invalid']
}

/**
 * True when a library idiom's meanings, literals and senses are the library's own, not an admin's
 * (decision 065): they still match the fingerprint the import wrote with them; or, on a row
 * imported before fingerprints existed, they are a pair some release shipped for this idiom
 * (`shipped`) or both empty (content before meaning data, which earlier imports always filled).
 * Lists an admin changed are marked LISTS_EDITED and match nothing.
 */
function listsAreTheLibrarys(row: LibraryIdiomRow, shipped: ShippedLists): boolean {
  const current = listsFingerprint(row.meanings, row.literals, row.senses)
  if (row.contentListsHash !== null) return row.contentListsHash === current
  if (row.meanings.length === 0 && row.literals.length === 0 && row.senses.length === 0) return true
  return shipped.get(row.contentKey ?? '')?.has(current) ?? false
}

/** The library's idioms by key (idiomKey of the text): the first of a key wins, the others are ignored. */
function byKey(list: readonly ContentIdiom[]): Map<string, ContentIdiom> {
  const found = new Map<string, ContentIdiom>()
  for (const idiom of list) {
    const key = idiomKey(idiom.text)
    if (!found.has(key)) found.set(key, idiom)
  }
  return found
}

/**
 * Brings the curated library into the database. An idiom is known by its content_key (or, when
 * an admin entered it first, by its text), an example by its content_key (or its text) within
 * the idiom; it only inserts what is missing, so an admin's edits win and a second run changes
 * nothing. One exception: a library idiom whose meanings and literals are still the ones an
 * earlier release of the library gave it gets this release's (decision 065).
 */
export function createContentService(deps: {
  content: ContentRepo
  clock: () => Date
  /** The library's folder (default: the repository's content/); false: there is no library. */
  dir?: string | false
}) {
  const libraryDir = deps.dir ?? CONTENT_DIR
  async function importIdioms(
    list: ContentIdiom[],
    shipped: ShippedLists = new Map(),
  ): Promise<ContentImportCounts> {
    const unique = byKey(list)
    const keys = [...unique.keys()]
    const totalExamples = [...unique.values()].reduce((n, i) => n + i.examples.length, 0)
    if (keys.length === 0)
      return {
        idiomsCreated: 0,
        idiomsSkipped: 0,
        idiomsRefreshed: 0,
        examplesCreated: 0,
        examplesSkipped: 0,
      }
    const now = deps.clock()

    return deps.content.inTransaction(async (q) => {
      const idOf = new Map<string, string>()
      const remember = (
        rows: { id: string; contentKey: string | null; normalizedText?: string }[],
      ) => {
        for (const r of rows)
          if (r.contentKey && unique.has(r.contentKey)) idOf.set(r.contentKey, r.id)
        for (const r of rows)
          if (r.normalizedText && unique.has(r.normalizedText) && !idOf.has(r.normalizedText))
            idOf.set(r.normalizedText, r.id)
      }
      const found = await q.findIdioms(keys)
      remember(found)
      const idiomsRefreshed = await q.replaceLists(
        found.flatMap((row) => {
          const idiom = row.contentKey ? unique.get(row.contentKey) : undefined
          if (!idiom) return [] // an admin's own idiom, found by its text: never touched
          const senses = idiom.senses ?? []
          const hash = listsFingerprint(idiom.meanings, idiom.literals, senses)
          if (!listsAreTheLibrarys(row, shipped)) return []
          if (row.contentListsHash === hash) return []
          return [
            {
              id: row.id,
              meanings: idiom.meanings,
              literals: idiom.literals,
              senses,
              hash,
              was: {
                meanings: row.meanings,
                literals: row.literals,
                senses: row.senses,
                contentListsHash: row.contentListsHash,
              },
            },
          ]
        }),
      )

      const toCreate = keys.filter((k) => !idOf.has(k))
      const created = await q.insertIdioms(
        toCreate.map((key) => {
          const i = unique.get(key)!
          return {
            text: i.text,
            translation: i.translation,
            meanings: i.meanings,
            literals: i.literals,
            senses: i.senses ?? [],
            contentListsHash: listsFingerprint(i.meanings, i.literals, i.senses),
            tone: i.tone,
            usage: i.usage,
            source: i.source,
            normalizedText: key,
            contentKey: key,
            createdAt: now,
            updatedAt: now,
          }
        }),
      )
      remember(created)
      // Another instance may have inserted some at the same moment.
      const stillMissing = toCreate.filter((k) => !idOf.has(k))
      if (stillMissing.length) remember(await q.findIdioms(stillMissing))

      const known = new Map<string, Set<string>>()
      for (const e of await q.examplesOf([...new Set(idOf.values())])) {
        let set = known.get(e.idiomId)
        if (!set) {
          set = new Set()
          known.set(e.idiomId, set)
        }
        if (e.contentKey) set.add(e.contentKey)
        set.add(idiomKey(e.text))
      }
      const newExamples: NewExampleRow[] = []
      for (const [key, idiom] of unique) {
        const idiomId = idOf.get(key)
        if (!idiomId) continue
        let set = known.get(idiomId)
        if (!set) {
          set = new Set()
          known.set(idiomId, set)
        }
        for (const e of idiom.examples) {
          const exampleKey = idiomKey(e.text)
          if (set.has(exampleKey)) continue
          set.add(exampleKey)
          newExamples.push({
            idiomId,
            text: e.text,
            conjugatedSnippet: e.conjugatedSnippet,
            translation: e.translation,
            alternatives: e.alternatives,
            literal: e.literal,
            source: idiom.source,
            contentKey: exampleKey,
            createdAt: now,
            updatedAt: now,
          })
        }
      }
      const examplesCreated = await q.insertExamples(newExamples)
      return {
        idiomsCreated: created.length,
        idiomsSkipped: keys.length - created.length,
        idiomsRefreshed,
        examplesCreated,
        examplesSkipped: totalExamples - examplesCreated,
      }
    })
  }

  return {
    importIdioms,
    /**
     * Load content/idioms/*.json (invalid files are reported and skipped) and
     * content/shipped-lists.json, and import them.
     */
    async importDir(dir = libraryDir || CONTENT_DIR): Promise<ContentImportReport> {
      const loaded = await loadContentFiles(dir)
      const shipped = await loadShippedLists(dir)
      const counts = await importIdioms(
        loaded.files.flatMap((f) => f.idioms),
        shipped.lists,
      )
      const invalidFiles = shipped.error
        ? [...loaded.invalid, { name: SHIPPED_LISTS_FILE, error: shipped.error }]
        : loaded.invalid
      return { ...counts, files: loaded.files.map((f) => f.name), invalidFiles }
    },

    /**
     * An admin takes the library's lists again for an idiom whose lists they changed: its
     * meanings, literals and senses become the library's current ones (read from the content files, as
     * the import on start reads them; the first idiom of a key wins, as there) with their
     * fingerprint, so later releases replace them again (decision 065). One transaction, the row
     * locked from the read to the write. 404 for an unknown idiom; 409 NOT_LIBRARY_IDIOM for an
     * admin's own idiom, or one the library no longer has.
     */
    async restoreLists(idiomId: string): Promise<void> {
      const library = byKey(
        libraryDir === false
          ? []
          : (await loadContentFiles(libraryDir)).files.flatMap((f) => f.idioms),
      )
      await deps.content.inTransaction(async (q) => {
        const row = await q.lockIdiom(idiomId)
        if (!row) throw notFound('Idiom')
        if (row.contentKey === null)
          throw new AppError(
            409,
            'NOT_LIBRARY_IDIOM',
            'This idiom was made by an admin, not taken from the library: it has no library lists',
          )
        const idiom = library.get(row.contentKey)
        if (!idiom)
          throw new AppError(
            409,
            'NOT_LIBRARY_IDIOM',
            'The library no longer has this idiom: there are no library lists to restore',
          )
        const senses = idiom.senses ?? []
        const hash = listsFingerprint(idiom.meanings, idiom.literals, senses)
        // Already the library's: nothing to write (a write would make every instance reload).
        if (
          row.contentListsHash === hash &&
          listsFingerprint(row.meanings, row.literals, row.senses) === hash
        )
          return
        await q.setLists(row.id, {
          meanings: idiom.meanings,
          literals: idiom.literals,
          senses,
          hash,
        })
      })
    },
  }
}
export type ContentService = ReturnType<typeof createContentService>
