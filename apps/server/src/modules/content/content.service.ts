import { idiomKey, type ContentIdiom } from '@che/core'
import type { NewExampleRow } from '../examples/examples.repo.js'
import { loadContentFiles, type LoadedContent } from './content-files.js'
import type { ContentRepo } from './content.repo.js'

export interface ContentImportCounts {
  idiomsCreated: number
  /** Content idioms already in the database (from an earlier import, or entered by an admin). */
  idiomsSkipped: number
  examplesCreated: number
  examplesSkipped: number
}

export interface ContentImportReport extends ContentImportCounts {
  files: string[]
  invalidFiles: LoadedContent['invalid']
}

/**
 * Brings the curated library into the database. It only ever inserts: an idiom is known by its
 * content_key (or, when an admin entered it first, by its text), an example by its content_key
 * (or its text) within the idiom; rows that exist are never changed, so an admin's edits win and a
 * second run changes nothing. One exception: an existing idiom with no meanings and no literals
 * (imported before content carried them) gets the content's.
 */
export function createContentService(deps: { content: ContentRepo; clock: () => Date }) {
  async function importIdioms(list: ContentIdiom[]): Promise<ContentImportCounts> {
    const unique = new Map<string, ContentIdiom>()
    for (const idiom of list) {
      const key = idiomKey(idiom.text)
      if (!unique.has(key)) unique.set(key, idiom)
    }
    const keys = [...unique.keys()]
    const totalExamples = [...unique.values()].reduce((n, i) => n + i.examples.length, 0)
    if (keys.length === 0)
      return { idiomsCreated: 0, idiomsSkipped: 0, examplesCreated: 0, examplesSkipped: 0 }
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
      remember(await q.findIdioms(keys))
      // Content idioms imported before they carried meaning data get it now; an idiom whose
      // meanings or literals an admin has filled in keeps them.
      await q.fillMeanings(
        keys
          .filter((k) => idOf.has(k))
          .map((k) => ({
            id: idOf.get(k)!,
            meanings: unique.get(k)!.meanings,
            literals: unique.get(k)!.literals,
          }))
          .filter((r) => r.meanings.length > 0 || r.literals.length > 0),
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
        examplesCreated,
        examplesSkipped: totalExamples - examplesCreated,
      }
    })
  }

  return {
    importIdioms,
    /** Load content/idioms/*.json (invalid files are reported and skipped) and import them. */
    async importDir(dir?: string): Promise<ContentImportReport> {
      const loaded = await loadContentFiles(dir)
      const counts = await importIdioms(loaded.files.flatMap((f) => f.idioms))
      return { ...counts, files: loaded.files.map((f) => f.name), invalidFiles: loaded.invalid }
    },
  }
}
export type ContentService = ReturnType<typeof createContentService>
