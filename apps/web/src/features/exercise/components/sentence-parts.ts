export interface SentencePart {
  text: string
  /** Inside the idiom's conjugated snippet. */
  snippet: boolean
  /** A word the learner missed. */
  missed: boolean
}

const TOKENS = /[\p{L}\p{M}\p{N}'’-]+|[^\p{L}\p{M}\p{N}'’-]+/gu
const WORD = /^[\p{L}\p{M}\p{N}'’-]+$/u

const key = (word: string) => word.normalize('NFC').toLocaleLowerCase('es')

/**
 * Split a sentence into words and gaps, marking the words inside the conjugated snippet and the
 * words the learner missed (compared case-insensitively, as the evaluator reports their surface form).
 */
export function sentenceParts(
  text: string,
  snippet: string,
  missedWords: readonly string[],
): SentencePart[] {
  const missed = new Set(missedWords.map(key))
  const start = snippet.trim() ? key(text).indexOf(key(snippet.trim())) : -1
  const end = start < 0 ? -1 : start + snippet.trim().length
  const parts: SentencePart[] = []
  for (const match of text.matchAll(TOKENS)) {
    const from = match.index
    const to = from + match[0].length
    const isWord = WORD.test(match[0])
    parts.push({
      text: match[0],
      snippet: isWord && start >= 0 && from < end && to > start,
      missed: isWord && missed.has(key(match[0])),
    })
  }
  return parts
}
