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

/**
 * What is wrong with an idiom's senses beside its meanings, in words an admin understands, or
 * null: a single sense (its phrases belong in the meanings), more than IDIOM_SENSES_MAX senses, a
 * sense without phrases, one phrase in two lists, or more than `max` phrases in all.
 */
export function sensesProblem(
  meanings: readonly string[],
  senses: readonly (readonly string[])[],
  max: number,
): string | null {
  if (senses.length === 0) return null
  if (senses.length === 1)
    return 'An idiom with senses has two or more: put the phrases of a single sense in its meanings'
  if (senses.length > IDIOM_SENSES_MAX)
    return `An idiom may have at most ${IDIOM_SENSES_MAX} senses`
  if (senses.some((s) => s.length === 0)) return 'Each sense needs at least one phrase'
  const seen = new Set<string>()
  for (const phrase of allMeanings({ meanings, senses })) {
    const key = phrase.trim().toLowerCase()
    if (seen.has(key)) return `"${phrase}" stands in two lists: keep each phrase in one`
    seen.add(key)
  }
  if (seen.size > max) return `At most ${max} meaning phrases in all, senses included`
  return null
}
