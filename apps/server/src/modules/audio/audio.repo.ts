import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { examples } from '../../db/schema.js'
import type { SpeechKind } from '../../tts/tts.js'

/** Hex characters of md5(text) in a speech key: the text version the speech says. */
export const TEXT_VERSION_CHARS = 12

/** SQL: how every speech key of an example's current text begins (audio.service ttsKeyOf). */
const currentKeyStem = sql`'tts/' || ${examples.id}::text || '-' || left(md5(${examples.text}), ${sql.raw(String(TEXT_VERSION_CHARS))}) || '-'`

/** SQL: true when the example has no stored speech for its current text. */
const speechMissing = or(
  isNull(examples.ttsKey),
  sql`left(${examples.ttsKey}, length(${currentKeyStem})) <> ${currentKeyStem}`,
)!

export interface SpeechTodo {
  id: string
  text: string
  /**
   * The stored speech (for an older text, spoken by espeak-ng when upgrading, or by an older
   * espeak-ng voice), if any.
   */
  ttsKey: string | null
  ttsVoice: string | null
  ttsKind: SpeechKind | null
}

/** Which speech the queue makes again besides speech missing for the current text. */
export interface SpeechDue {
  /** Replace every espeak-ng speech (a neural voice is configured). */
  upgrade: boolean
  /**
   * The espeak-ng voice speaking now: espeak-ng speech by another voice (e.g. before an upgrade
   * changed it) is due again. Neural speech never is.
   */
  synthetic?: string
}

export function createAudioRepo(db: Db) {
  return {
    /**
     * Remember where an example's synthesised speech is stored, only while the example still
     * says `text` (an edit meanwhile makes this speech stale); false when it no longer does.
     */
    async setTts(
      exampleId: string,
      text: string,
      speech: { key: string; voice: string; kind: SpeechKind },
    ): Promise<boolean> {
      const rows = await db
        .update(examples)
        .set({ ttsKey: speech.key, ttsVoice: speech.voice, ttsKind: speech.kind })
        .where(and(eq(examples.id, exampleId), eq(examples.text, text)))
        .returning({ id: examples.id })
      return rows.length > 0
    },

    /**
     * Examples whose speech the queue still has to make, in id order after `afterId`: no speech
     * for the current text, or (with `due.upgrade`) speech that espeak-ng spoke while a neural
     * voice is configured, or (with `due.synthetic`) espeak-ng speech by another voice than that
     * one. Examples with a published recording come too: it may be unpublished later.
     */
    async speechTodo(afterId: string | null, limit: number, due: SpeechDue): Promise<SpeechTodo[]> {
      const synthetic = or(ne(examples.ttsKind, 'neural'), isNull(examples.ttsKind))!
      const todo = due.upgrade
        ? or(speechMissing, and(isNotNull(examples.ttsKey), synthetic))!
        : due.synthetic !== undefined
          ? or(
              speechMissing,
              and(
                isNotNull(examples.ttsKey),
                synthetic,
                sql`${examples.ttsVoice} is distinct from ${due.synthetic}`,
              ),
            )!
          : speechMissing
      return db
        .select({
          id: examples.id,
          text: examples.text,
          ttsKey: examples.ttsKey,
          ttsVoice: examples.ttsVoice,
          ttsKind: examples.ttsKind,
        })
        .from(examples)
        .where(afterId ? and(todo, gt(examples.id, afterId)) : todo)
        .orderBy(asc(examples.id))
        .limit(limit)
    },

    /** The speech stored for an example, as recorded with it. */
    async ttsOf(exampleId: string) {
      const [row] = await db
        .select({ ttsKey: examples.ttsKey, ttsVoice: examples.ttsVoice, ttsKind: examples.ttsKind })
        .from(examples)
        .where(eq(examples.id, exampleId))
      return row
    },

    /** How many examples have no speech for their current text. */
    async countMissing(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(examples)
        .where(speechMissing)
      return row?.n ?? 0
    },
  }
}
export type AudioRepo = ReturnType<typeof createAudioRepo>
