import { randomUUID } from 'node:crypto'
import { snippetInText, type Example } from '@che/core'
import { badRequest, notFound } from '../../errors.js'
import type { Storage } from '../../plugins/storage.js'
import { toExample, type AudioOf } from '../idioms/idioms.mappers.js'
import type { IdiomsRepo } from '../idioms/idioms.repo.js'
import { detectAudio } from './audio-check.js'
import type { ExamplesRepo } from './examples.repo.js'

export interface NewExample {
  idiomId: string
  text: string
  conjugatedSnippet: string
  translation: string
  source: string
}

export interface ExampleEdit {
  text: string
  conjugatedSnippet: string
  voice: string
  translation?: string | undefined
}

/** 400 VALIDATION_FAILED on conjugatedSnippet unless the snippet occurs in the text (case aside). */
export function assertSnippetInText(text: string, snippet: string): void {
  if (!snippetInText(text, snippet)) {
    throw badRequest('The snippet must appear in the example text', [
      {
        field: 'conjugatedSnippet',
        message: `"${snippet}" does not appear in the text; copy it from the text (case may differ)`,
      },
    ])
  }
}

export function createExamplesService(deps: {
  examples: ExamplesRepo
  idioms: IdiomsRepo
  storage: Storage
  /** The audio an example already has (recording, else stored speech), with a signed URL. */
  audioOf: AudioOf
  clock: () => Date
  log?: { warn(obj: unknown, msg: string): void }
  /** Called after an example is created or its text changes (the speech queue looks again). */
  textsChanged?: () => void
}) {
  return {
    async get(id: string): Promise<Example> {
      const found = await deps.examples.findWithIdiom(id)
      if (!found) throw notFound('Example')
      return toExample(found.example, found.idiom, deps.audioOf(found.example))
    },

    async ofIdiom(idiomId: string): Promise<Example[]> {
      const idiom = await deps.idioms.findById(idiomId)
      if (!idiom) throw notFound('Idiom')
      const rows = await deps.examples.listByIdiom(idiomId)
      return rows.map((r) => toExample(r, idiom, deps.audioOf(r)))
    },

    async create(input: NewExample): Promise<Example> {
      const idiom = await deps.idioms.findById(input.idiomId)
      if (!idiom) throw notFound('Idiom')
      assertSnippetInText(input.text, input.conjugatedSnippet)
      const now = deps.clock()
      const row = await deps.examples.insert({ ...input, createdAt: now, updatedAt: now })
      deps.textsChanged?.()
      return toExample(row, idiom, deps.audioOf(row))
    },

    /**
     * Edit an example; `audio` replaces its recording. The file is stored first and the row
     * changed in one statement after; if the row cannot be changed the new file is removed, so
     * a failure leaves neither an orphan file nor a half-edited example.
     */
    async update(id: string, edit: ExampleEdit, audio?: Uint8Array): Promise<Example> {
      const current = await deps.examples.findWithIdiom(id)
      if (!current) throw notFound('Example')
      assertSnippetInText(edit.text, edit.conjugatedSnippet)
      let audioKey: string | undefined
      if (audio) {
        const type = await detectAudio(audio)
        audioKey = `${randomUUID()}.${type.ext}`
        await deps.storage.put(audioKey, audio, type.mime)
      }
      // Synthesised speech says the old words once the text changes: drop it so it is made anew.
      const staleTts = current.example.text !== edit.text ? current.example.ttsKey : null
      let row: Awaited<ReturnType<ExamplesRepo['update']>>
      try {
        row = await deps.examples.update(id, {
          text: edit.text,
          conjugatedSnippet: edit.conjugatedSnippet,
          voice: edit.voice,
          ...(edit.translation !== undefined ? { translation: edit.translation } : {}),
          ...(audioKey ? { audioKey } : {}),
          ...(staleTts ? { ttsKey: null } : {}),
          updatedAt: deps.clock(),
        })
      } catch (err) {
        if (audioKey) await deps.storage.delete(audioKey).catch(() => {})
        throw err
      }
      if (!row) {
        if (audioKey) await deps.storage.delete(audioKey).catch(() => {})
        throw notFound('Example')
      }
      if (current.example.text !== edit.text) deps.textsChanged?.()
      if (staleTts) {
        await deps.storage
          .delete(staleTts)
          .catch((err: unknown) =>
            deps.log?.warn({ err, key: staleTts }, 'could not remove stale speech'),
          )
      }
      const old = current.example.audioKey
      if (audioKey && old && old !== audioKey) {
        await deps.storage
          .delete(old)
          .catch((err: unknown) =>
            deps.log?.warn({ err, key: old }, 'could not remove replaced audio'),
          )
      }
      return toExample(row, current.idiom, deps.audioOf(row))
    },
  }
}
export type ExamplesService = ReturnType<typeof createExamplesService>
