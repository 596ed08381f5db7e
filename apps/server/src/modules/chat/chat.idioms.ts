import { asc, eq } from 'drizzle-orm'
import { idiomKey, type Tone } from '@che/core'
import type { Db } from '../../db/client.js'
import { examples, idioms } from '../../db/schema.js'

/** What the help chat may say about an idiom of the library: all of it from the database. */
export interface IdiomFact {
  text: string
  translation: string
  tone: Tone
  usage: number
  example: { text: string; translation: string } | undefined
}

/** Phrases a question names: quoted ones first, then what follows "mean/meaning of". */
export function candidatePhrases(question: string): string[] {
  const out: string[] = []
  for (const m of question.matchAll(/["'‘’“”«»]([^"'‘’“”«»?]{2,80})["'‘’“”«»]/g)) out.push(m[1]!)
  const tail =
    /(?:meaning of|what does|what is|what's|significa|qu[eé] es)\s+(.{2,80}?)(?:\s+mean)?\s*\??$/i.exec(
      question.trim(),
    )
  if (tail) out.push(tail[1]!)
  return [...new Set(out.map((p) => p.trim()).filter(Boolean))]
}

/** Finds the library idiom a question asks about (accents and case aside), if any. */
export function createIdiomLookup(db: Db) {
  return async (question: string): Promise<IdiomFact | undefined> => {
    for (const phrase of candidatePhrases(question)) {
      const [idiom] = await db
        .select()
        .from(idioms)
        .where(eq(idioms.normalizedText, idiomKey(phrase)))
        .limit(1)
      if (!idiom) continue
      const [example] = await db
        .select({ text: examples.text, translation: examples.translation })
        .from(examples)
        .where(eq(examples.idiomId, idiom.id))
        .orderBy(asc(examples.createdAt), asc(examples.id))
        .limit(1)
      return {
        text: idiom.text,
        translation: idiom.translation,
        tone: idiom.tone,
        usage: idiom.usage,
        example,
      }
    }
    return undefined
  }
}
export type IdiomLookup = ReturnType<typeof createIdiomLookup>
