import type { z } from 'zod'
import type { Assigned, Example, ExampleSummary, Idiom, IdiomSummary, ListsOrigin } from '@che/core'
import { LISTS_EDITED } from '../../db/schema.js'
import type { ExampleRow, IdiomRow } from './idioms.repo.js'

/** Rows to the contract's shapes (spec §3). */

/** Turns a storage key into a URL a media element can play (modules/audio/audio-url.ts signs it). */
export type AudioUrl = (key: string) => string

/**
 * The audio an example already has, with a playable URL: its published recording, else speech
 * synthesised earlier; null when neither exists yet (modules/audio makes speech on demand).
 */
export type AudioOf = (row: ExampleRow) => Example['audio']

/** The example's published recording, if it has one, with a playable URL. */
export function recordingOf(row: ExampleRow, audioUrl: AudioUrl): Example['audio'] {
  return row.audioKey ? { url: audioUrl(row.audioKey), voice: row.voice, kind: 'recorded' } : null
}

export function toExampleSummary(
  row: ExampleRow,
  audio: Example['audio'],
): z.infer<typeof ExampleSummary> {
  return {
    exampleId: row.id,
    idiomId: row.idiomId,
    text: row.text,
    conjugatedSnippet: row.conjugatedSnippet,
    translation: row.translation,
    source: row.source,
    audio,
  }
}

/** `isNew` is per learner (the exercises module works it out); false here. */
export function toExample(
  row: ExampleRow,
  idiom: IdiomRow,
  audio: Example['audio'],
  isNew = false,
): Example {
  return {
    ...toExampleSummary(row, audio),
    isNew,
    idiom: {
      text: idiom.text,
      translation: idiom.translation,
      tone: idiom.tone,
      usage: idiom.usage,
    },
  }
}

/**
 * Where the idiom's meanings, literals and senses come from (decision 065). A library row without a
 * fingerprint is one whose lists the import on start did not recognise as any release's (changed
 * before fingerprints existed, migration 0019): no release replaces them, as with 'edited'.
 */
export function listsOriginOf(row: IdiomRow): ListsOrigin {
  if (row.contentKey === null) return 'own'
  return row.contentListsHash === null || row.contentListsHash === LISTS_EDITED
    ? 'edited'
    : 'library'
}

/** `assigned`: the idiom's recording assignment as the viewer may see it (modules/editor). */
export function toIdiom(
  row: IdiomRow,
  examples: ExampleRow[],
  audioOf: AudioOf,
  assigned: z.infer<typeof Assigned> | null = null,
): Idiom {
  return {
    idiomId: row.id,
    text: row.text,
    translation: row.translation,
    meanings: row.meanings,
    literals: row.literals,
    // Only an idiom of two senses or more carries the field (decision 067).
    ...(row.senses.length ? { senses: row.senses } : {}),
    tone: row.tone,
    usage: row.usage,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    examples: examples.map((e) => toExampleSummary(e, audioOf(e))),
    assigned,
  }
}

export function toIdiomSummary(row: IdiomRow, exampleCount: number): z.infer<typeof IdiomSummary> {
  return {
    idiomId: row.id,
    text: row.text,
    translation: row.translation,
    tone: row.tone,
    usage: row.usage,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    exampleCount,
  }
}
