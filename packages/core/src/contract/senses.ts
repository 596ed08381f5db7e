/**
 * An idiom's senses (decision 067). Most idioms mean one thing, and all the ways to say it stand
 * in `meanings`. An idiom that means two different things ("estar en bolas": to be clueless; to
 * be stark naked) also lists, in `senses`, each sense's own phrases: the first phrase of a sense
 * names it to a learner ("be clueless"). `meanings` then holds only the phrases true of every
 * sense (often none). Every phrase stands in one list only, so nothing is said twice to drift
 * apart; `senses` is empty (or absent) for an idiom of one sense.
 */

/** How many senses one idiom may have. */
export const IDIOM_SENSES_MAX = 4

/**
 * How many meanings (or literals) one idiom may carry; for meanings, the common ones and every
 * sense's together (decision 067). The curated library's richest idioms carry
 * up to 60 (content/idioms/part-7.json), and an admin must be able to save any library idiom as it
 * is: the cap is the library's largest with room to add, not a curator's target
 * (content-files.test.ts holds every library idiom to the admin's schema). The admin form, the
 * API and the CSV import all read this one limit (decision 070).
 */
export const IDIOM_PHRASES_MAX = 80

/** An idiom's meaning lists: the common phrases and, optionally, each sense's own. */
export interface MeaningLists {
  meanings?: readonly string[] | undefined
  senses?: readonly (readonly string[])[] | undefined
}

/** Every phrase of an idiom's meaning, whatever its sense: the common ones first, then each sense's. */
export function allMeanings(idiom: MeaningLists): string[] {
  const all = [...(idiom.meanings ?? [])]
  for (const sense of idiom.senses ?? []) all.push(...sense)
  return all
}

/** What is wrong with an idiom's senses, and where (see sensesProblem). */
export interface SensesProblem {
  /** In words an admin understands. */
  message: string
  /**
   * Where it lies, for a screen to show it there: the index of the sense it concerns (an empty
   * sense, or the sense where a phrase stands a second time), 'meanings' for a phrase the
   * meanings hold twice, or absent when it concerns the senses as a whole (how many senses, how
   * many phrases in all).
   */
  at?: number | 'meanings'
}

/**
 * What is wrong with an idiom's senses beside its meanings, or null: a single sense (its phrases
 * belong in the meanings), more than IDIOM_SENSES_MAX senses, a sense without phrases, one phrase
 * in two lists (case-folded), or more than IDIOM_PHRASES_MAX phrases in all.
 */
export function sensesProblem(
  meanings: readonly string[],
  senses: readonly (readonly string[])[],
): SensesProblem | null {
  if (senses.length === 0) return null
  if (senses.length === 1)
    return {
      message:
        'An idiom with senses has two or more: put the phrases of a single sense in its meanings',
    }
  if (senses.length > IDIOM_SENSES_MAX)
    return { message: `An idiom may have at most ${IDIOM_SENSES_MAX} senses` }
  const empty = senses.findIndex((s) => s.length === 0)
  if (empty >= 0) return { message: 'Each sense needs at least one phrase', at: empty }
  const seen = new Set<string>()
  const lists: [SensesProblem['at'], readonly string[]][] = [
    ['meanings', meanings],
    ...senses.map((sense, i): [number, readonly string[]] => [i, sense]),
  ]
  for (const [at, list] of lists) {
    for (const phrase of list) {
      const key = phrase.trim().toLowerCase()
      if (seen.has(key))
        return { message: `"${phrase}" stands in two lists: keep each phrase in one`, at }
      seen.add(key)
    }
  }
  if (seen.size > IDIOM_PHRASES_MAX)
    return { message: `At most ${IDIOM_PHRASES_MAX} meaning phrases in all, senses included` }
  return null
}
