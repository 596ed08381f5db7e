import type { z } from 'zod'
import type { Assigned, Example, ExampleSummary, Idiom, IdiomSummary } from '@che/core'
import type { ExampleRow, IdiomRow } from './idioms.repo.js'

/** Rows to the contract's shapes (spec §3). */

export function audioUrl(key: string): string {
  return `/api/audio/${key}`
}

export function toExampleSummary(row: ExampleRow): z.infer<typeof ExampleSummary> {
  return {
    exampleId: row.id,
    idiomId: row.idiomId,
    text: row.text,
    conjugatedSnippet: row.conjugatedSnippet,
    translation: row.translation,
    source: row.source,
    audio: row.audioKey ? { url: audioUrl(row.audioKey), voice: row.voice } : null,
  }
}

/** `isNew` is per learner (the exercises module works it out); false here. */
export function toExample(row: ExampleRow, idiom: IdiomRow, isNew = false): Example {
  return {
    ...toExampleSummary(row),
    isNew,
    idiom: { text: idiom.text, translation: idiom.translation, tone: idiom.tone, usage: idiom.usage },
  }
}

/** `assigned`: the idiom's recording assignment as the viewer may see it (modules/editor). */
export function toIdiom(row: IdiomRow, examples: ExampleRow[], assigned: z.infer<typeof Assigned> | null = null): Idiom {
  return {
    idiomId: row.id,
    text: row.text,
    translation: row.translation,
    tone: row.tone,
    usage: row.usage,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    examples: examples.map(toExampleSummary),
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
