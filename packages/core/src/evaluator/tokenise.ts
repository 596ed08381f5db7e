import { fold, lower } from './normalise.js'

/** A word of a sentence, with the forms the comparisons need. */
export interface Token {
  /** As written (NFC), without surrounding punctuation. */
  surface: string
  /** Lower case, accents kept. */
  norm: string
  /** Lower case, accents removed. */
  folded: string
  /** Position in the token list. */
  index: number
}

// Letters (any script, with combining marks), digits, and apostrophes inside a word.
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu

/**
 * Splits Spanish text into words. ¿ ¡ … quotes, dashes and other punctuation are separators,
 * never part of a word, so "¿Me" and "me" are the same token.
 */
export function tokeniseSpanish(text: string): Token[] {
  const cached = spanishCache.get(text)
  if (cached) return cached
  const tokens = splitSpanish(text)
  if (spanishCache.size >= 5000) spanishCache.clear()
  spanishCache.set(text, tokens)
  return tokens
}

// Example sentences repeat across attempts; tokens are never mutated, so sharing them is safe.
const spanishCache = new Map<string, Token[]>()

function splitSpanish(text: string): Token[] {
  const tokens: Token[] = []
  for (const match of text.normalize('NFC').matchAll(WORD)) {
    const surface = match[0].replace(/’/g, "'")
    tokens.push({ surface, norm: lower(surface), folded: fold(surface), index: tokens.length })
  }
  return tokens
}

// One pass over the text (was one replace per form): "can't" → "can not", "won't" → "will not",
// "shan't", "ain't" → "is not", "let's" → "let us", "n't" → " not", "'m" → " am", "'re" → " are",
// "'ll" → " will", "'ve" → " have", "'d" → " would"; "'s" is "is", "has" or a possessive: kept as
// its own (function) token; a plural possessive ("the girls' room") loses its apostrophe.
const CONTRACTION = /\b(can|won|shan|ain)'t\b|\blet's\b|n't\b|'(m|re|ll|ve|d)\b|'s\b|s'(\s|$)/g
const WHOLE: Readonly<Record<string, string>> = {
  can: 'can not',
  won: 'will not',
  shan: 'shall not',
  ain: 'is not',
}
const ENDING: Readonly<Record<string, string>> = {
  m: ' am',
  re: ' are',
  ll: ' will',
  ve: ' have',
  d: ' would',
}
function expandContractions(text: string): string {
  return text.replace(
    CONTRACTION,
    (match, whole: string | undefined, ending: string | undefined, space: string | undefined) => {
      if (whole) return WHOLE[whole]!
      if (ending) return ENDING[ending]!
      if (space !== undefined) return `s${space}`
      if (match === "let's") return 'let us'
      if (match === "n't") return ' not'
      return " 's"
    },
  )
}

/**
 * Contractions typed without their apostrophe ("dont", "hes", "im"), as on a phone: only forms
 * that are no other English word ("its", "were", "well", "ill", "id", "lets", "shed" are).
 */
const BARE_CONTRACTION =
  /\b(do|does|did|is|are|was|were|ca|could|would|should|have|has|had|wo|must|need|ai)nt\b|\b(i|you|he|she|they|we|that|what|there|where|who)(m|re|ve|ll|d|s)\b/g
const BARE_FORMS: Readonly<Record<string, string>> = {
  im: "i'm",
  youre: "you're",
  youve: "you've",
  youll: "you'll",
  youd: "you'd",
  hes: "he's",
  shes: "she's",
  theyre: "they're",
  theyve: "they've",
  theyll: "they'll",
  theyd: "they'd",
  weve: "we've",
  thats: "that's",
  whats: "what's",
  theres: "there's",
  wheres: "where's",
  whos: "who's",
  ive: "i've",
}
function withApostrophes(text: string): string {
  return text.replace(BARE_CONTRACTION, (word, not: string | undefined) =>
    not ? `${word.slice(0, -1)}'t` : (BARE_FORMS[word] ?? word),
  )
}

const NEGATOR_COMPOUND = /\b(never|no|non|not)-(?=\p{L})/gu

// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range is the point
const ASCII_LOWER = /^[\x00-\x40\x5b-\x7f]*$/
const ASCII_WORDS = /[a-z0-9]+(?:'[a-z]+)*|'s/g
const UNICODE_WORDS = /[\p{L}\p{M}\p{N}]+(?:'[\p{L}]+)*|'s/gu

/** Lower-cased English words with contractions expanded ("don't" → "do not"). */
export function tokeniseEnglish(text: string): string[] {
  // accents folded: "Martín" and "Martin" are the same name in an English sentence
  let t = withApostrophes(fold(text).replace(/[’‘`]/g, "'"))
  if (t.includes("'")) t = expandContractions(t)
  // "never-ending", "no-nonsense", "non-stop": one word, no negation of the sentence
  if (t.includes('-')) t = t.replace(NEGATOR_COMPOUND, '$1')
  // folded plain ASCII (most English) needs no Unicode classes: the same words, faster
  return (ASCII_LOWER.test(t) ? t.match(ASCII_WORDS) : t.match(UNICODE_WORDS)) ?? []
}
