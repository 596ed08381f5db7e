import type { Accuracy, EvaluatorExample, MistakeType } from '../contract/evaluation.js'
import {
  inLexicon,
  mayBePhrase,
  hypernymsOf,
  isDetailWord,
  isFunctionWord,
  isLightVerb,
  lightVerbSays,
  isNounLike,
  isPastForm,
  hasCoinedEdStem,
  isSpecificTime,
  lemmasOf,
  verbLemma,
  nearSynonymsOf,
  nearWordsOf,
  numberSpelling,
  NEGATORS,
  negatesAt,
  antonymIn,
  antonymNegates,
  antonymsOf,
  wordNetAntonymsOf,
  oppositesOf,
  cancelledBefore,
  digitsForNumbers,
  wheneverForEveryTime,
  areOpposites,
  isVerbMoreThanAdjective,
  kindParentsOf,
  kindSenseOf,
  NOUN,
  nonVerbSensesOf,
  oppositeParticle,
  personOf,
  sensesOf,
  sensesOutside,
  startsLongPhrase,
  startsNearPhrase,
  startsPhrase,
  VERB,
} from './english.js'
import { fold } from './normalise.js'
import { SPANISH_FUNCTION_WORDS } from './spanish.js'
import { tokeniseEnglish, tokeniseSpanish } from './tokenise.js'

/** How far down a word's WordNet senses we look: a learner's word in its common senses only. */
const USER_SENSE_RANK = 3
const REFERENCE_SENSE_RANK = 7
/** The idiom's meaning phrases are matched in their common senses only ("best" is not "terrible"). */
const MEANING_SENSE_RANK = 2
/** Words (articles and pronouns aside) a gloss's words may have between them ("made a lot of money"). */
const MAX_GLOSS_GAPS = 2
/** What "Juli's" alone stands for. */
const PLACES = new Set(['place', 'house', 'home', 'flat', 'apartment'])
/** How far down a word's senses its more general words are looked up ("dad" → "father"). */
const PARENT_SENSE_RANK = 1
/** A negator this many words before the idiom's words makes it negative ("can't stand"). */
const NEGATION_WINDOW = 3
/** How many content words after a negator it may negate ("don't have a single free minute"). */
const NEGATED_WORDS = 3

/** Words skipped when looking up multi-word expressions ("drive me up the wall" → drive up wall). */
const PHRASE_GAPS: ReadonlySet<string> = new Set(
  "a an the me you him her us them it my your his its our their someone something one's somebody everyone everybody anyone anybody".split(
    ' ',
  ),
)

/** A word or a multi-word expression of an English text, with what it can match. */
interface Unit {
  start: number
  /** Last token covered (inclusive). */
  end: number
  keys: string[]
  senses: Map<number, number>
  multi: boolean
  /** Direct hypernyms of `senses`: "father" matches "dad", but "mom" does not. */
  parents: Set<number>
  /** Made only of function words ("right away", "at all"): evidence of a gloss, never a detail. */
  light: boolean
  /**
   * A learner's noun after a determiner compared as a detail: its senses less the verb ones (in
   * every unit, so that all units have one shape for the engine's hot functions).
   */
  asDetail: Pick<Unit, 'keys' | 'senses' | 'parents'> | undefined
}

/** An English text ready for comparison. */
interface EnglishText {
  /** The text as written (for its punctuation). */
  raw: string
  tokens: string[]
  surfaces: string[]
  /** Every content word and every multi-word expression found. */
  units: Unit[]
  /** Content words and expressions, longest first, each token in one unit only. */
  cover: Unit[]
  /** Token positions that open the sentence as a short interjection ("Relax," "Come on,"). */
  opening: Set<number>
}

type WordFacts = Pick<Unit, 'keys' | 'senses' | 'parents'>

/** What a word means in the lexicon, by word, sense rank and part of speech ruled out (bounded). */
// one map per rank and part of speech ruled out, by word: no key string is built per lookup
const wordFacts = new Map<number, Map<string, WordFacts>>()
let wordFactsSize = 0

/** A word's lexicon facts, less the senses of one part of speech (NOUN or VERB; -1: none). */
function factsOf(word: string, maxRank: number, ruledOut: number): WordFacts {
  const kind = maxRank * 4 + ruledOut + 1
  let byWord = wordFacts.get(kind)
  if (!byWord) {
    byWord = new Map()
    wordFacts.set(kind, byWord)
  }
  let facts = byWord.get(word)
  if (!facts) {
    const number = numberSpelling(word)
    const keys = number ? [...lemmasOf(word), number] : lemmasOf(word)
    const senses = new Map<number, number>()
    if (!keys.some(isLightVerb)) {
      for (const k of keys)
        for (const [id, r] of ruledOut < 0
          ? sensesOf(k, maxRank)
          : sensesOutside(k, maxRank, ruledOut))
          senses.set(id, Math.min(r, senses.get(id) ?? 7))
      for (const near of nearSynonymsOf(word)) senses.set(near, 0)
      for (const near of nearWordsOf(word, ruledOut === VERB)) senses.set(near, 0)
    }
    // through its common senses only: a "wedding" is a ceremony, and only rarely a party
    const parents = hypernymsOf(
      [...senses].filter(([, r]) => r <= PARENT_SENSE_RANK).map(([id]) => id),
    )
    facts = { keys, senses, parents }
    if (wordFactsSize >= 50_000) {
      for (const map of wordFacts.values()) map.clear()
      wordFactsSize = 0
    }
    byWord.set(word, facts)
    wordFactsSize++
  }
  return facts
}

/** Determiners after which a word is a noun or an adjective, never a verb ("my father", "a steal"). */
const NOUN_DETERMINERS = new Set(
  'a an the my your his our their its these those every each'.split(' '),
)

/**
 * A word of the learner's, read in the part of speech its place in the sentence gives it (the
 * reference's and the meaning phrases' words keep every sense: one side ruled out is enough, a
 * WordNet sense has one part of speech). A past form ("bought", "stolen") is a verb or its
 * participle, no noun: "bought" does not say "steal" through the noun "a buy" / "a steal". The
 * head noun after a determiner ("my father ran", "a steal") is no verb, but only as a detail
 * (`asDetail`): "father" is not "mother" through the verb "beget", while in a meaning phrase an
 * idiom's noun may name its action ("keep your nose out of it": "nose" is "poke"). A past form
 * after a determiner ("the left", "a saw") may be either; a word between a determiner and a noun
 * ("a close eye") is left as it is.
 */
function wordUnit(tokens: string[], i: number, maxRank: number, isAnswer = false): Unit {
  const word = tokens[i]!
  if (!isAnswer) {
    const { keys, senses, parents } = factsOf(word, maxRank, -1)
    return {
      start: i,
      end: i,
      keys,
      senses,
      parents,
      multi: false,
      light: false,
      asDetail: undefined,
    }
  }
  const determined = NOUN_DETERMINERS.has(tokens[i - 1] ?? '')
  const past = isPastForm(word)
  const next = tokens[i + 1]
  const head =
    determined && !past && (next === undefined || isFunctionWord(next) || !isNounLike(next))
  const { keys, senses, parents } = factsOf(word, maxRank, past && !determined ? NOUN : -1)
  return {
    start: i,
    end: i,
    keys,
    senses,
    parents,
    multi: false,
    light: false,
    asDetail: head ? factsOf(word, maxRank, VERB) : undefined,
  }
}

/** The forms of a word (itself first) that start some multi-word entry, per word (bounded). */
const startsCache = new Map<string, string[]>()
function phraseStarts(word: string): string[] {
  let starts = startsCache.get(word)
  if (!starts) {
    starts = lemmasOf(word).filter(startsPhrase)
    if (startsCache.size >= 50_000) startsCache.clear()
    startsCache.set(word, starts)
  }
  return starts
}

function phraseUnits(tokens: string[], maxRank: number): Unit[] {
  const kept = tokens.map((t, i) => [t, i] as const).filter(([t]) => !PHRASE_GAPS.has(t))
  const units: Unit[] = []
  for (let a = 0; a < kept.length; a++) {
    const first = kept[a]![0]
    // only the forms of the word that start some entry can start one here
    const firstForms = phraseStarts(first)
    if (firstForms.length === 0) continue
    const firstStarts = firstForms[0] === first
    // entries of three or four words start with a known pair: most are ruled out here
    const long =
      kept.length - a >= 3 && firstForms.some((f) => startsLongPhrase(f, kept[a + 1]![0]))
    for (let n = Math.min(long ? 4 : 2, kept.length - a); n >= 2; n--) {
      // the entry with its first word or its last word in dictionary form ("drove up the wall",
      // "drive up the walls"), the words between as said
      let middle = ''
      for (let k = 1; k < n - 1; k++) middle += ` ${kept[a + k]![0]}`
      const last = kept[a + n - 1]![0]
      const found: string[] = []
      for (const l of firstForms) {
        if (!mayBePhrase(l, last)) continue
        const key = `${l}${middle} ${last}`
        if (inLexicon(key)) found.push(key)
      }
      if (firstStarts)
        for (const l of lemmasOf(last)) {
          // the word as said was looked up above (it is the first of firstForms)
          if (l === last || !mayBePhrase(first, l)) continue
          const key = `${first}${middle} ${l}`
          if (inLexicon(key)) found.push(key)
        }
      if (found.length > 0) {
        const slice = kept.slice(a, a + n)
        const light = slice.every(([t]) => isFunctionWord(t))
        const senses = new Map<number, number>()
        for (const k of found)
          for (const [id, r] of sensesOf(k, maxRank))
            senses.set(id, Math.min(r, senses.get(id) ?? 7))
        for (const k of found) {
          for (const near of nearSynonymsOf(k)) senses.set(near, 0)
          for (const near of nearWordsOf(k)) senses.set(near, 0)
        }
        units.push({
          start: slice[0]![1],
          end: slice[n - 1]![1],
          keys: [...new Set(found)],
          senses,
          parents: hypernymsOf(senses.keys()),
          multi: true,
          light,
          asDetail: undefined,
        })
      }
    }
  }
  nearPhraseUnits(tokens, units)
  splitPhrasalUnits(kept, maxRank, units)
  return units
}

/** Particles of phrasal verbs that may stand after the verb's object ("tell my brother off"). */
const SPLIT_PARTICLES = new Set('off out up down in away back over around'.split(' '))
/** How many words (besides articles and pronouns) a phrasal verb's object may have between. */
const MAX_SPLIT_OBJECT = 2

/**
 * A phrasal verb said around its object ("tell my brother off", "chew the kids out"): the lexicon's
 * entry is added at the verb's place, as evidence of a meaning phrase only (like "right away"), so
 * the verb and the object's words are still compared as they are.
 * (An object of articles and pronouns only, "chew us out", is already skipped as a phrase gap.)
 */
function splitPhrasalUnits(
  kept: (readonly [string, number])[],
  maxRank: number,
  units: Unit[],
): void {
  for (let a = 0; a < kept.length - 2; a++) {
    const [verb, at] = kept[a]!
    if (isFunctionWord(verb)) continue
    for (let g = 1; g <= MAX_SPLIT_OBJECT && a + g + 1 < kept.length; g++) {
      const particle = kept[a + g + 1]![0]
      if (!SPLIT_PARTICLES.has(particle)) continue
      // the object is a short noun phrase: no particle or verb of its own
      const object = kept.slice(a + 1, a + g + 1).map(([t]) => t)
      if (object.some((t) => SPLIT_PARTICLES.has(t) || isPastForm(t) || t === 'and')) break
      const found = lemmasOf(verb)
        .map((l) => `${l} ${particle}`)
        .filter(inLexicon)
      if (found.length === 0) continue
      const senses = new Map<number, number>()
      for (const k of found)
        for (const [id, r] of sensesOf(k, maxRank)) senses.set(id, Math.min(r, senses.get(id) ?? 7))
      units.push({
        start: at,
        end: at,
        keys: found,
        senses,
        parents: hypernymsOf(senses.keys()),
        multi: true,
        // evidence of a meaning phrase only: the verb and the object are compared as words
        light: true,
        asDetail: undefined,
      })
      break
    }
  }
}

/**
 * Near-synonym entries of several words the lexicon lacks ("locker room" for "dressing room", see
 * NEAR_SYNONYMS in english.ts), said word for word: added to `units` as expressions.
 */
function nearPhraseUnits(tokens: string[], units: Unit[]): void {
  for (let a = 0; a < tokens.length - 1; a++) {
    if (!startsNearPhrase(tokens[a]!)) continue
    for (let n = 2; n <= 3 && a + n <= tokens.length; n++) {
      const key = tokens.slice(a, a + n).join(' ')
      const near = nearSynonymsOf(key)
      if (near.length === 0) continue
      const end = a + n - 1
      if (units.some((u) => u.start === a && u.end === end && u.senses.has(near[0]!))) continue
      units.push({
        start: a,
        end,
        keys: [key],
        senses: new Map(near.map((id) => [id, 0])),
        parents: new Set(),
        multi: true,
        light: false,
        asDetail: undefined,
      })
    }
  }
}

/** What "a.m." and "p.m." say of the time of day. */
const CLOCK = new Map([
  ['a', ['morning']],
  ['p', ['afternoon', 'evening', 'night']],
])

/** Words that open an adverbial phrase ("During the pandemic,"): content, not an interjection. */
const PREPOSITIONS = new Set(
  'during in on at after before since until till by for from with without throughout'.split(' '),
)

/**
 * Words that address the listener ("Don't tease me, man,"): set off by a comma they are no part
 * of what is said, like an opening interjection.
 */
const VOCATIVE =
  /,\s*(?:man|dude|bro|mate|pal|buddy|kid|guys|che|brother|honey|sweetie|darling)\s*(?=[,.!?:;]|$)/giu

function openingOf(text: string, tokens: string[]): Set<number> {
  const comma = text.indexOf(',')
  if (comma < 0) return new Set()
  const vocatives = new Set<number>()
  for (const m of text.matchAll(VOCATIVE))
    vocatives.add(tokeniseEnglish(text.slice(0, m.index + 1)).length)
  const head = tokeniseEnglish(text.slice(0, comma))
  if (head.length === 0 || head.length > 3 || head.length >= tokens.length) return vocatives
  if (PREPOSITIONS.has(head[0]!) && head.length > 1) return vocatives
  return new Set([...head.map((_, i) => i), ...vocatives])
}

// Reference sentences and glosses repeat across attempts: keep their analysis (bounded, so a
// long-running server does not grow without limit; results never depend on the cache).
const analysed = new Map<string, EnglishText>()
const CACHE_LIMIT = 5000

function analyseCached(text: string, maxRank: number, isGloss = false): EnglishText {
  const key = `${maxRank}|${isGloss ? 'g' : 'r'}|${text}`
  const hit = analysed.get(key)
  if (hit) return hit
  if (analysed.size >= CACHE_LIMIT) analysed.clear()
  const result = analyse(text, maxRank, isGloss)
  analysed.set(key, result)
  return result
}

function analyse(text: string, maxRank: number, isGloss = false, isAnswer = false): EnglishText {
  const tokens = tokeniseEnglish(text)
  // the spelling of a reference's words (capitals name a detail); a learner's are not read
  const surfaces = isAnswer
    ? []
    : [...text.normalize('NFC').matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((m) => m[0])
  const allMulti = phraseUnits(tokens, maxRank)
  const heavy = allMulti.filter((u) => !u.light)
  // a gloss made only of function words ("right away") is matched through them; elsewhere they
  // only help to match, never count as a word to translate
  const hasContent = heavy.length > 0 || tokens.some((t) => !isFunctionWord(t))
  const multi = isGloss && !hasContent ? allMulti : heavy
  const singles: Unit[] = []
  tokens.forEach((t, i) => {
    // "bit the dust", "bit his lip": "bit" before a determiner is the verb, not "a bit"
    const verbBit = t === 'bit' && tokens[i - 1] !== 'a' && DETERMINERS.has(tokens[i + 1] ?? '')
    if (isFunctionWord(t) && !verbBit) return
    // "going to" is the future, not a journey
    if ((t === 'going' || t === 'go') && tokens[i + 1] === 'to' && i > 0) return
    // "6 a.m." says "six in the morning", "10 p.m." "ten at night"
    const clock = t === 'm' ? CLOCK.get(tokens[i - 1] ?? '') : undefined
    if (t === 'p' && tokens[i + 1] === 'm') return
    const unit = wordUnit(tokens, i, maxRank, isAnswer)
    // ("a.m.": no determiner there)
    singles.push(clock ? { ...unit, keys: [...unit.keys, ...clock], asDetail: undefined } : unit)
  })
  const cover: Unit[] = []
  const used = new Set<number>()
  for (const u of [...multi].sort((x, y) => y.end - y.start - (x.end - x.start))) {
    let free = true
    for (let i = u.start; i <= u.end; i++) if (used.has(i)) free = false
    if (!free) continue
    cover.push(u)
    for (let i = u.start; i <= u.end; i++) used.add(i)
  }
  for (const s of singles) if (!used.has(s.start)) cover.push(s)
  cover.sort((x, y) => x.start - y.start)
  const lightUnits = isGloss ? [] : allMulti.filter((u) => u.light)
  return {
    raw: text,
    tokens,
    surfaces,
    units: [...multi, ...singles, ...lightUnits],
    cover,
    opening: openingOf(text, tokens),
  }
}

function unitsMatch(a: WordFacts, b: WordFacts): boolean {
  for (const k of a.keys) if (b.keys.includes(k)) return true
  for (const id of a.senses.keys()) if (b.senses.has(id) || b.parents.has(id)) return true
  for (const id of b.senses.keys()) if (a.parents.has(id)) return true
  return false
}

function sameMeaning(a: Unit, b: Unit): boolean {
  for (const k of a.keys) if (b.keys.includes(k)) return true
  for (const id of a.senses.keys()) if (b.senses.has(id)) return true
  return false
}

function hasUnit(unit: WordFacts, text: EnglishText, asDetail = false): boolean {
  return text.units.some((u) => unitsMatch(asDetail ? (u.asDetail ?? u) : u, unit))
}

/** The units of `text` that match `unit`. */
function _findUnit(unit: Unit, text: EnglishText): Unit[] {
  return text.units.filter((u) => unitsMatch(u, unit))
}

/** Whether every content word of a meaning phrase stands in the span as itself (any form). */
function saidWordForWord(gloss: Gloss, tokens: string[], span: number[]): boolean {
  // the reference's matches are memoised with it, so each span is worked out once
  const known = wordForWord.get(span)
  if (known !== undefined) return known
  const said = new Set<string>()
  for (const i of span) for (const l of lemmasOf(tokens[i] ?? '')) said.add(l)
  const exact = gloss.analysed.tokens.every(
    (t) => isFunctionWord(t) || lemmasOf(t).some((l) => said.has(l)),
  )
  wordForWord.set(span, exact)
  return exact
}
const wordForWord = new WeakMap<number[], boolean>()

/** A gloss of the idiom, e.g. "to play hooky" or "no way". */
interface Gloss {
  text: string
  analysed: EnglishText
  negative: boolean
  /** Matched only by its words in a row (a phrase of function words or general verbs). */
  inARow: boolean
  /**
   * A verb phrase: the idiom's translation is a verb ("to attest") and this phrase is not a
   * "be …" one. Its first word right after a determiner is a noun or an adjective ("the
   * witnesses", "a close eye"), not the phrase's verb ("witness", "close one's eyes to").
   */
  verbal: boolean
  /** The index of its example's meaning phrases (indexGlosses), null until indexed. */
  index: GlossIndex | null
  /** Its words' places ("slots") in that index. */
  slots: number[]
  /** Its tokens as matched in a row ("one's" one token), worked out on first use. */
  row: string[] | null
  /**
   * Its small words that stand as nouns after a possessive ("back" of "with one's back to the
   * wall"): no content word to the lexicon, yet the phrase's own; said, or the phrase is not.
   */
  owned: string[]
  /**
   * Which of the idiom's senses it says (an index into `idiom.senses`), or -1: true of every
   * sense, or the idiom has one (decision 067).
   */
  sense: number
}

// Glosses, where a reference says the idiom and the words of literal readings depend only on
// the example: kept across attempts (bounded like the analysis cache; results never depend on it)
const memos = new Map<string, unknown>()
/** Numbers the examples met, for short memo keys (never reused, so a cleared memo is safe). */
let examples = 0
function memo<T>(key: string, make: () => T): T {
  const hit = memos.get(key)
  if (hit !== undefined) return hit as T
  if (memos.size >= CACHE_LIMIT) memos.clear()
  const value = make()
  memos.set(key, value)
  return value
}
/**
 * What depends on one example only, found by the strings that make it (no long key is built and
 * hashed per answer; bounded like the memo).
 */
const exampleFacts = new Map<string, { signature: string[]; value: unknown }[]>()
let exampleCount = 0
function byExample<T>(signature: string[], make: () => T): T {
  const bucket = exampleFacts.get(signature[0]!) ?? []
  for (const entry of bucket) {
    const s = entry.signature
    if (s.length === signature.length && s.every((x, i) => x === signature[i]))
      return entry.value as T
  }
  if (exampleCount >= CACHE_LIMIT) {
    exampleFacts.clear()
    exampleCount = 0
  }
  const value = make()
  exampleFacts.set(signature[0]!, [
    ...(exampleFacts.get(signature[0]!) ?? []),
    { signature, value },
  ])
  exampleCount++
  return value
}

/**
 * The idiom's glosses: the parts of its translation and its meaning phrases, common (`extra`) and
 * of each sense (`senses`, decision 067), each tagged with its sense (Gloss.sense). A part of the
 * translation takes the sense of the phrases that say it ("be clueless" of "to be clueless; to be
 * stark naked"), when they are one sense's only.
 */
function makeGlosses(
  idiomTranslation: string,
  extra: readonly string[],
  senses: readonly (readonly string[])[] = [],
): Gloss[] {
  const bare = idiomTranslation.replace(/\([^)]*\)/g, ' ')
  const verbalIdiom = /^\s*to\s+(?!be\b)/i.test(bare)
  const senseOf = new Map<string, number>()
  // "flat out; all the way, totally" lists meanings; "if you don't ask, you don't get" is one:
  // each part between semicolons is kept whole too
  const parts = bare
    .split(/[;,]|\bor\b/)
    .concat(bare.split(';').filter((p) => p.includes(',')))
    .map((p): readonly [string, number, number] => [p, REFERENCE_SENSE_RANK, -1])
    .concat(extra.map((p): readonly [string, number, number] => [p, MEANING_SENSE_RANK, -1]))
    .concat(
      senses.flatMap((phrases, sense) =>
        phrases.map((p): readonly [string, number, number] => [p, MEANING_SENSE_RANK, sense]),
      ),
    )
    .map(
      ([p, rank, sense]) =>
        [
          p
            .trim()
            .replace(/^to\s+/i, '')
            .replace(/^be\s+/i, '')
            .trim(),
          rank,
          sense,
        ] as const,
    )
    .filter(([p]) => p.length > 0)
  for (const [p, , sense] of parts) if (sense >= 0 && !senseOf.has(p)) senseOf.set(p, sense)
  const beParts = new Set(
    bare
      .split(/[;,]|\bor\b/)
      .concat(extra, ...senses)
      .flatMap((p) => {
        const m = /^\s*(?:to\s+)?be\s+(.+)$/i.exec(p)
        return m ? [m[1]!.trim()] : []
      }),
  )
  const glosses: Gloss[] = []
  /** The glosses that are parts of the translation. */
  const ofTranslation: Gloss[] = []
  const seen = new Set<string>()
  for (const [p, rank, ownSense] of parts) {
    if (seen.has(p)) continue
    seen.add(p)
    // a part of the translation a sense's phrase spells out is that sense's
    const sense = senseOf.get(p) ?? ownSense
    const glossText = analyseCached(p, rank, true)
    // "go" or "pass" alone would be found in almost any sentence: no evidence of a meaning; a
    // longer phrase of general words ("tell it to someone else") is, said word for word
    const telling = glossText.cover.some((u) => u.multi || !u.keys.some(isLightVerb))
    const inARow = glossText.cover.length === 0 || (!telling && glossText.tokens.length >= 3)
    if (!telling && !inARow) continue
    glosses.push({
      text: p,
      analysed: glossText,
      negative: negativeByParity(glossText),
      inARow,
      verbal: verbalIdiom && !beParts.has(p),
      index: null,
      slots: [],
      row: null,
      owned: ownedWords(glossText),
      sense,
    })
    if (rank === REFERENCE_SENSE_RANK && ownSense < 0) ofTranslation.push(glosses.at(-1)!)
    // "go back to square one" is also said as "are back to square one"
    const verb = /^(?:go|get|come|become)\s+(.+)$/i.exec(p)
    if (verb && !seen.has(verb[1]!)) {
      const rest = analyseCached(verb[1]!, rank, true)
      if (rest.tokens.length >= 3 && rest.cover.some((u) => u.multi || !u.keys.some(isLightVerb))) {
        seen.add(verb[1]!)
        glosses.push({
          text: verb[1]!,
          analysed: rest,
          negative: negativeByParity(rest),
          inARow: false,
          verbal: false,
          index: null,
          slots: [],
          row: null,
          owned: ownedWords(rest),
          sense,
        })
        if (rank === REFERENCE_SENSE_RANK && ownSense < 0) ofTranslation.push(glosses.at(-1)!)
      }
    }
  }
  indexGlosses(glosses)
  if (senses.length > 1) senseTranslationParts(glosses, ofTranslation)
  return glosses
}

/**
 * Gives a part of the translation no sense's phrase spells out ("any old way, carelessly") the
 * sense whose phrases say it, when only one sense's do.
 */
function senseTranslationParts(glosses: Gloss[], parts: Gloss[]): void {
  for (const g of parts) {
    if (g.sense >= 0) continue
    const said = new Set<number>()
    const text = analyseCached(g.text, REFERENCE_SENSE_RANK)
    for (const other of glosses)
      if (other.sense >= 0 && !said.has(other.sense) && matchGloss(other, text))
        said.add(other.sense)
    if (said.size === 1) g.sense = [...said][0]!
  }
}

/**
 * The sense an example's references say (decision 067): the one sense some of whose glosses the
 * references express, or -1 when they express none or several (every sense is then accepted).
 */
function senseSaid(glosses: Gloss[], refs: EnglishText[]): number {
  const said = new Set<number>()
  for (const g of glosses)
    if (g.sense >= 0 && !said.has(g.sense) && refs.some((r) => matchGloss(g, r))) said.add(g.sense)
  return said.size === 1 ? [...said][0]! : -1
}

/** The name of a sense for feedback: its part of the translation, else its first phrase. */
function senseName(glosses: Gloss[], sense: number): string {
  return glosses.find((g) => g.sense === sense)?.text ?? ''
}

/** Owners a meaning phrase's noun stands after ("one's back", "my way"). */
const GLOSS_OWNERS = new Set('my your his her our their'.split(' '))
const CONJUNCTIONS = new Set('as or and but if than so because'.split(' '))
const PLACE_PREPOSITIONS = new Set(
  'against to on in at of for with from into onto over under behind beside between'.split(' '),
)

/**
 * A meaning phrase's function words that are nouns by their place (Gloss.owned): before a
 * preposition, opening the phrase or after an owner ("back against the wall", "have one's back to
 * the wall"), where most of the word's senses in WordNet are nouns ("back"; not "down" of "down in
 * the dumps").
 */
function ownedWords(text: EnglishText): string[] {
  const { tokens } = text
  return tokens.filter((t, i) => {
    // a pronoun ("nothing at all"), a preposition or conjunction ("in over one's head", "as of
    // now") or an -ing form ("going under") is no noun
    if (
      !isFunctionWord(t) ||
      personOf(t) ||
      /(?:thing|one|body|ing)$/.test(t) ||
      PLACE_PREPOSITIONS.has(t) ||
      CONJUNCTIONS.has(t) ||
      !PLACE_PREPOSITIONS.has(tokens[i + 1] ?? '')
    )
      return false
    if (
      i > 0 &&
      !GLOSS_OWNERS.has(tokens[i - 1]!) &&
      !(tokens[i - 1] === "'s" && /^(?:some)?(?:one|body)$/.test(tokens[i - 2] ?? ''))
    )
      return false
    if (text.cover.some((u) => u.start <= i && i <= u.end)) return false
    const all = sensesOf(t, REFERENCE_SENSE_RANK).size
    return (all - sensesOutside(t, REFERENCE_SENSE_RANK, NOUN).size) * 2 >= all && all > 0
  })
}

/**
 * Whether a meaning phrase is negative: an odd number of negators, as the sentences are counted
 * ("if you don't ask, you don't get" is positive: it says the same as "the squeaky wheel gets
 * the grease").
 */
function negativeByParity(text: EnglishText): boolean {
  let count = 0
  for (let i = 0; i < text.tokens.length; i++) if (negatesAt(text.tokens, i)) count++
  return count % 2 === 1
}

/** Positions grouped into places: runs with at most a few words between them. */
function placesOf(positions: number[]): number[][] {
  const places: number[][] = []
  for (const i of [...positions].sort((a, b) => a - b)) {
    const last = places[places.length - 1]
    if (last && i - last[last.length - 1]! <= NEGATION_WINDOW) last.push(i)
    else places.push([i])
  }
  return places
}

/** A gloss's tokens for matching in a row, "one 's" as one possessive slot ("do one's bit"). */
/** A reference's spellings folded like its tokens, in the same order (worked out once per text). */
const foldedCache = new WeakMap<EnglishText, string[]>()
function foldedSurfaces(text: EnglishText): string[] {
  let folded = foldedCache.get(text)
  if (!folded) {
    folded = text.surfaces.map(fold)
    foldedCache.set(text, folded)
  }
  return folded
}

function rowTokens(gloss: Gloss): string[] {
  if (gloss.row) return gloss.row
  const { tokens } = gloss.analysed
  const row: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    if ((tokens[i] === 'one' || tokens[i] === 'someone') && tokens[i + 1] === "'s") {
      row.push("one's")
      i++
    } else row.push(tokens[i]!)
  }
  gloss.row = row
  return row
}

/** Where in `text` the gloss is expressed (token positions), or null. */
function matchGloss(gloss: Gloss, text: EnglishText): number[] | null {
  if (gloss.inARow) {
    const tokens = rowTokens(gloss)
    // only function words or general verbs ("no way", "tell it to someone else"): the same
    // words in a row, verbs in any form ("told it to someone else"), "one's" as any possessive
    // ("do our bit" for "do one's bit")
    const same = (word: string, t: string): boolean =>
      word === t ||
      lemmasOf(word).includes(t) ||
      (t === "one's" && (POSSESSIVES.has(word) || word === 'her'))
    for (let i = 0; i + tokens.length <= text.tokens.length; i++) {
      if (tokens.every((t, k) => same(text.tokens[i + k] ?? '', t)))
        return tokens.map((_, k) => i + k)
    }
    // "a total nobody", "a complete nothing" say "a nobody", "a nothing"
    if (tokens[0] !== 'a' || !text.tokens.some((t) => DEGREE_ADJECTIVES.has(t))) return null
    const at = text.tokens.flatMap((t, j) =>
      DEGREE_ADJECTIVES.has(t) && text.tokens[j - 1] === 'a' ? [] : [j],
    )
    if (at.length === text.tokens.length) return null
    for (let i = 0; i + tokens.length <= at.length; i++) {
      if (tokens.every((t, k) => same(text.tokens[at[i + k]!] ?? '', t)))
        return tokens.map((_, k) => at[i + k]!)
    }
    return null
  }
  const span = glossWords(gloss, text)
  if (!span || !particlesSaid(gloss, text, span)) return null
  // "not go to school" is not said by "went to school"
  if (gloss.negative && !negatedAt(text, span, gloss)) return null
  return span
}

/** Adjectives of degree that may stand after "a" in a phrase said word for word ("a total nobody"). */
const DEGREE_ADJECTIVES = new Set('total complete real absolute utter'.split(' '))

/** Particles that turn a word into another meaning ("in talks", "blow everyone away", "full on"). */
const MEANING_PARTICLES: ReadonlySet<string> = new Set(
  'on in off out up down away back over around'.split(' '),
)

/**
 * Whether a meaning phrase's own particles, those outside its words ("in" of "in talks", "away"
 * of "blow everyone away"), stand near its words in `text`: without them the word alone is
 * another meaning ("broke off talks", "blow the audition", "at full").
 */
function particlesSaid(gloss: Gloss, text: EnglishText, span: number[]): boolean {
  const { tokens, cover } = gloss.analysed
  // a phrase of two words or more said by those words is evidence enough
  if (cover.length !== 1) return true
  const word = cover[0]!
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    if (!MEANING_PARTICLES.has(t) || (word.start <= i && i <= word.end)) continue
    // a last particle right after the phrase's verb only adds to it ("stress out", "help out",
    // "snitch on" are said by "stress", "help", "snitch")
    if (i === tokens.length - 1 && word.end === i - 1 && isVerbMoreThanAdjective(tokens[i - 1]!))
      continue
    // as far from the word as in the phrase ("talk behind someone's back"), and a little more
    const reach = Math.max(NEGATION_WINDOW, Math.abs(i - word.start) + 2)
    const near = text.tokens.slice(
      Math.max(0, span[0]! - reach),
      span[span.length - 1]! + reach + 1,
    )
    // the opposite particle ("out of the loop" for "in the loop") is the phrase reversed; "upped
    // the ante" says "up the ante"
    const opposite = oppositeParticle(t) ?? t
    if (!near.some((w) => w === t || w === opposite || verbLemma(w) === t)) return false
  }
  return true
}

/** Every key and sense of a text's units, to rule most meaning phrases out at once. */
const textIndex = new WeakMap<EnglishText, { keys: Set<string>; senses: Set<number> }>()

/**
 * The words of one example's meaning phrases, indexed: per key and per sense, the phrase words
 * ("slots", one per unit of a phrase's cover) it may say. A text is probed once against it (its
 * units' keys and senses looked up in these small maps) instead of every phrase against the text.
 */
interface GlossIndex {
  keys: Map<string, number[]>
  senses: Map<number, number[]>
  size: number
  /** The last text probed against it, and the slots it has a word for (fields, not a WeakMap). */
  probed: EnglishText | null
  hits: Uint8Array
}

function indexGlosses(glosses: Gloss[]): void {
  const index: GlossIndex = {
    keys: new Map(),
    senses: new Map(),
    size: 0,
    probed: null,
    hits: new Uint8Array(0),
  }
  const add = <K>(map: Map<K, number[]>, key: K, slot: number): void => {
    const list = map.get(key)
    if (list) list.push(slot)
    else map.set(key, [slot])
  }
  for (const g of glosses) {
    const slots: number[] = []
    for (const u of g.analysed.cover) {
      const slot = index.size++
      slots.push(slot)
      for (const k of u.keys) add(index.keys, k, slot)
      for (const id of u.senses.keys()) add(index.senses, id, slot)
    }
    g.index = index
    g.slots = slots
  }
}

/** Whether each word of a gloss has at least a key or a sense in `text` (else no match). */
function mayHold(gloss: Gloss, text: EnglishText): boolean {
  const glossIndex = gloss.index
  if (glossIndex) {
    const index = glossIndex
    if (index.probed !== text) {
      const hits = new Uint8Array(index.size)
      for (const u of text.units) {
        for (const k of u.keys) {
          const slots = index.keys.get(k)
          if (slots) for (const slot of slots) hits[slot] = 1
        }
        for (const id of u.senses.keys()) {
          const slots = index.senses.get(id)
          if (slots) for (const slot of slots) hits[slot] = 1
        }
      }
      index.probed = text
      index.hits = hits
    }
    const { hits } = index
    for (const slot of gloss.slots) if (hits[slot] === 0) return false
    return true
  }
  let index = textIndex.get(text)
  if (!index) {
    index = { keys: new Set(), senses: new Set() }
    for (const u of text.units) {
      for (const k of u.keys) index.keys.add(k)
      for (const id of u.senses.keys()) index.senses.add(id)
    }
    textIndex.set(text, index)
  }
  const { keys, senses } = index
  for (const unit of gloss.analysed.cover) {
    let found = false
    for (const k of unit.keys)
      if (keys.has(k)) {
        found = true
        break
      }
    if (!found)
      for (const id of unit.senses.keys())
        if (senses.has(id)) {
          found = true
          break
        }
    if (!found) return false
  }
  return true
}

/**
 * Where the words of a gloss stand in `text` (token positions), negation and particles aside.
 * A meaning's word is matched by itself or a synonym, never by something more general ("best", a
 * kind of person, is not said by "person"); the same word wins over a synonym, so "gave up and
 * didn't hand it in" puts "give up" at "gave up", not also at "hand in".
 */
function glossWords(gloss: Gloss, text: EnglishText): number[] | null {
  if (!mayHold(gloss, text)) return null
  const options: Unit[][] = []
  for (const unit of gloss.analysed.cover) {
    const found = text.units.filter((u) => sameMeaning(u, unit))
    if (found.length === 0) return null
    const same = found.filter((u) => u.keys.some((k) => unit.keys.includes(k)))
    options.push(same.length > 0 ? same : found)
  }
  // the words said together: around each place the first word is said, the nearest of the others
  // ("after three defeats …, the coach admitted defeat": "defeat" is the second one)
  let best: number[] | null = null
  let bestGaps = Number.POSITIVE_INFINITY
  for (const anchor of options[0] ?? []) {
    const chosen = options.map((list) =>
      list.reduce((a, b) =>
        Math.abs(b.start - anchor.start) < Math.abs(a.start - anchor.start) ? b : a,
      ),
    )
    const positions = new Set<number>()
    for (const u of chosen) for (let i = u.start; i <= u.end; i++) positions.add(i)
    const span = [...positions].sort((a, b) => a - b)
    const object = objectBetween(gloss, text.tokens, chosen[0]!, positions)
    let gaps = 0
    for (let i = span[0]!; i < span[span.length - 1]!; i++)
      if (!positions.has(i) && !object.has(i) && !inPhraseGap(gloss, text.tokens, i)) gaps++
    if (gaps < bestGaps) {
      best = span
      bestGaps = gaps
    }
  }
  // a phrase's words said together, not picked from all over the sentence ("gave up and didn't
  // hand it in" does not say "throw in one's hand")
  if (bestGaps > MAX_GLOSS_GAPS || !best) return null
  // "against the wall" is not "with one's back to the wall": the owned noun is the phrase's
  if (gloss.owned.length > 0 && !gloss.owned.every((w) => saysWord(text, w))) return null
  if (
    pluralForOne(gloss, text, best) ||
    indefiniteForThis(gloss, text, best) ||
    pastChanceUnsaid(gloss, text, best)
  )
    return null
  return !trailingOf(gloss) || ofAfter(text, best) ? best : null
}

/** The most words a verb's object may have between a phrase's verb and its particle. */
const MAX_OBJECT_WORDS = 5

/**
 * The words of a verb's object said between a meaning phrase's first word and the particle that
 * follows it in the phrase ("praised Camila's first novel to the skies" for "praise to the
 * skies", "put her son on a pedestal"): the phrase's own slot for an object, not a gap. Only a
 * short run of words with no conjunction, negator or other phrase word in it; none otherwise.
 */
function objectBetween(
  gloss: Gloss,
  tokens: string[],
  first: Unit,
  positions: Set<number>,
): Set<number> {
  const words = gloss.analysed.tokens
  const head = gloss.analysed.cover[0]
  const particle = head ? words[head.end + 1] : undefined
  if (!particle || !GLOSS_PARTICLES.has(particle) || first.multi) return new Set()
  const object = new Set<number>()
  for (let i = first.end + 1; i <= first.end + MAX_OBJECT_WORDS + 1; i++) {
    const t = tokens[i]
    if (t === undefined || positions.has(i)) return new Set()
    if (t === particle) return object
    if (CONJUNCTIONS.has(t) || NEGATORS.has(t)) return new Set()
    object.add(i)
  }
  return new Set()
}

const DEMONSTRATIVES: ReadonlySet<string> = new Set(['this', 'that', 'these', 'those'])
const INDEFINITES: ReadonlySet<string> = new Set(['a', 'an', 'another', 'some', 'any'])

/**
 * Whether the text says a phrase's pointed-at thing ("this date", "as of this date") with an
 * indefinite determiner ("at a later date", "on another date"): some other one, not the one the
 * phrase points at.
 */
function indefiniteForThis(gloss: Gloss, text: EnglishText, span: number[]): boolean {
  const words = gloss.analysed.tokens
  for (let d = 0; d < words.length; d++) {
    if (!DEMONSTRATIVES.has(words[d]!)) continue
    // the thing pointed at: the next content word ("this very date")
    let j = d + 1
    while (j < words.length && isFunctionWord(words[j]!)) j++
    if (j === words.length) continue
    for (const i of span) {
      if (lemmasOf(text.tokens[i]!).includes(words[j]!) && indefiniteBefore(text.tokens, i))
        return true
    }
  }
  return false
}

const PAST_MODALS: ReadonlySet<string> = new Set('should could would might must ought'.split(' '))

/**
 * Whether a phrase of a chance gone by ("you should have spoken up", "could have said so") is said
 * by its verb without the modal's "have" ("you can still speak up now"): a "should have" or
 * "could have" tells of something not done in the past; the same verb in the present or future
 * says it may still be done, the opposite.
 */
function pastChanceUnsaid(gloss: Gloss, text: EnglishText, span: number[]): boolean {
  const words = gloss.analysed.tokens
  const at = words.findIndex((w, i) => PAST_MODALS.has(w) && words[i + 1] === 'have')
  if (at < 0) return false
  // the phrase's words from its verb on: the text's "have" stands before them
  const from = span[0]!
  return !text.tokens.slice(Math.max(0, from - 4), from).some((t) => t === 'have' || t === 'had')
}

/** Whether an indefinite determiner heads the noun at `i`, an adjective between or not. */
function indefiniteBefore(tokens: string[], i: number): boolean {
  return (
    INDEFINITES.has(tokens[i - 1] ?? '') ||
    (INDEFINITES.has(tokens[i - 2] ?? '') && !isFunctionWord(tokens[i - 1] ?? ''))
  )
}

/**
 * Whether the text says a phrase's one thing ("have a code", "a code") by "have" and its bare
 * plural ("has codes"): things owned, another reading ("codes" are ciphers or
 * passwords, "a code" is one's honour), not the phrase. Elsewhere a plural is the same phrase
 * said of several ("feeding me lines" for "feed someone a line").
 */
function pluralForOne(gloss: Gloss, text: EnglishText, span: number[]): boolean {
  const words = gloss.analysed.tokens
  for (const i of span) {
    const t = text.tokens[i]!
    if (!t.endsWith('s') || verbLemma(text.tokens[i - 1] ?? '') !== 'have') continue
    for (let j = 1; j < words.length; j++)
      if (
        (words[j - 1] === 'a' || words[j - 1] === 'an') &&
        words[j] !== t &&
        `${words[j]}s` === t &&
        lemmasOf(t).includes(words[j]!)
      )
        return true
  }
  return false
}

/** Whether a text has a word in any form ("lot" in "lots"). */
function saysWord(text: EnglishText, word: string): boolean {
  const lemmas = lemmasOf(word)
  return text.tokens.some((t) => t === word || lemmasOf(t).some((l) => lemmas.includes(l)))
}

/** A meaning phrase's small words that may stand between its other words ("rain on our parade"). */
const GLOSS_PARTICLES = new Set('on in at to of for with from up out off down over into'.split(' '))

/**
 * A word between a meaning phrase's words that is no gap: an article or pronoun, one of the
 * phrase's own prepositions ("rain on our parade"), or a possessive where the phrase has one
 * ("rain on my brother's parade" for "rain on someone's parade").
 */
function inPhraseGap(gloss: Gloss, tokens: string[], i: number): boolean {
  const t = tokens[i] ?? ''
  if (PHRASE_GAPS.has(t) || (GLOSS_PARTICLES.has(t) && gloss.analysed.tokens.includes(t)))
    return true
  if (!gloss.analysed.tokens.includes("'s")) return false
  return t === "'s" || tokens[i + 1] === "'s"
}

/**
 * A meaning phrase that ends in "of" after its words ("wash one's hands of something", "make fun
 * of", "get rid of"): without the "of" its words are the literal act ("washed his hands").
 */
function trailingOf(gloss: Gloss): boolean {
  const { tokens, cover } = gloss.analysed
  const last = cover.reduce((end, u) => Math.max(end, u.end), -1)
  return last >= 0 && tokens.slice(last + 1).includes('of')
}

/** An "of" right after the words of a span ("hands of it", "hands completely of"). */
function ofAfter(text: EnglishText, span: number[]): boolean {
  const end = span[span.length - 1]!
  return text.tokens.slice(end + 1, end + 3).includes('of')
}

/** A gloss's own particle ("out" of "out of the loop") stands reversed in `text` ("in the loop"). */
function particleReversed(gloss: Gloss, text: EnglishText, span: number[]): boolean {
  const { tokens, cover } = gloss.analysed
  const from = Math.max(0, span[0]! - NEGATION_WINDOW)
  const to = span[span.length - 1]!
  const near = text.tokens.slice(from, to + 1)
  // the phrase's own particle may follow its verb ("splashed out on everything")
  const around = text.tokens.slice(from, to + 3)
  return tokens.some((p, i) => {
    const opposite = oppositeParticle(p)
    // a particle inside one of the gloss's expressions ("give up") is matched with it
    if (!opposite || cover.some((u) => u.start <= i && i <= u.end)) return false
    // the opposite particle after a phrase's verb or noun too ("keep your nose out of it" for
    // "poke one's nose in", "butt out" for "butt into")
    return !around.includes(p) && (near.includes(opposite) || afterWord(text, to, opposite))
  })
}

/**
 * Whether `text` says a gloss reversed: its words with the particle swapped ("right in the loop"
 * for "out of the loop") or, for a gloss that carries its own negation ("I don't believe you"),
 * its words without it ("I believe you").
 */
/** Whether `word` stands right after position `at` or one word later. */
function afterWord(text: EnglishText, at: number, word: string): boolean {
  return text.tokens[at + 1] === word || text.tokens[at + 2] === word
}

function glossReversed(gloss: Gloss, text: EnglishText): boolean {
  if (gloss.inARow) return false
  const span = glossWords(gloss, text)
  if (!span) return false
  if (particleReversed(gloss, text, span)) return true
  return gloss.negative && !negatedAt(text, span, gloss)
}

function negatedAt(text: EnglishText, positions: number[], gloss: Gloss | null): boolean {
  return negatorsAt(text, positions, gloss) > 0
}

/** How many negators stand at the gloss's words ("quit looking for problems where there aren't any": 2). */
function negatorsAt(text: EnglishText, positions: number[], gloss: Gloss | null): number {
  if (positions.length === 0) return 0
  const first = positions[0]!
  const end = positions[positions.length - 1]!
  // a gloss whose negation trails its words ("problems where there are none") looks further on
  let last = end + (gloss?.negative ? 2 * NEGATION_WINDOW : 0)
  // words before the idiom, articles not counted ("not the time to throw" is as near as "no
  // time to go")
  let from = windowStart(text.tokens, first)
  // most places have no negator near: no clause to work out
  let any = false
  for (let i = from; i <= last && !any; i++) any = negatesAt(text.tokens, i)
  if (!any) return 0
  // within the idiom's clause: "If your leave isn't approved, put in a request", "I don't have
  // a clue, I never opened the book" negate nothing across the comma
  const starts = clauseStarts(text)
  for (let i = first; i > from; i--)
    if (starts.has(i)) {
      from = i
      break
    }
  for (let i = end + 1; i <= last; i++)
    if (starts.has(i)) {
      last = i - 1
      break
    }
  let count = 0
  for (let i = from; i <= last; i++) {
    if (negatesAt(text.tokens, i)) count++
  }
  return count
}

const ARTICLES = new Set(['a', 'an', 'the'])
const NO_POSITIONS: ReadonlySet<number> = new Set()

/** Where a negator before the idiom's first word may stand: NEGATION_WINDOW words, articles not counted. */
function windowStart(tokens: string[], first: number): number {
  let from = first
  for (let n = 0; from > 0 && n < NEGATION_WINDOW; ) if (!ARTICLES.has(tokens[--from]!)) n++
  return from
}

/** Token positions that open a clause: after a comma, semicolon, colon or full stop (lazily). */
const clauseStartsCache = new WeakMap<EnglishText, Set<number>>()
function clauseStarts(text: EnglishText): Set<number> {
  let starts = clauseStartsCache.get(text)
  if (!starts) {
    starts = new Set()
    let offset = 0
    for (const part of text.raw.split(/[,;:.!?]/)) {
      offset += tokeniseEnglish(part).length
      starts.add(offset)
    }
    clauseStartsCache.set(text, starts)
  }
  return starts
}

/** Token positions right after a comma (lazily, per text). */
const commaStartsCache = new WeakMap<EnglishText, Set<number>>()
function commaStarts(text: EnglishText): Set<number> {
  let starts = commaStartsCache.get(text)
  if (!starts) {
    starts = new Set()
    let offset = 0
    for (const part of text.raw.split(',')) {
      offset += tokeniseEnglish(part).length
      starts.add(offset)
    }
    commaStartsCache.set(text, starts)
  }
  return starts
}

/**
 * Whether a verb that cancels an action ("call off", "scrap") stands right before the words from
 * `start` on, in the same clause: "will call off the work-to-rule" is "won't work to rule";
 * "the match was called off, all hell broke loose" cancels nothing of what follows the comma.
 */
function cancelledAt(text: EnglishText, start: number): boolean {
  return cancellingVerb(text, start) !== null
}

/** The words of the verb that cancels the words from `start` on ("call off"), or null. */
function cancellingVerb(text: EnglishText, start: number): string | null {
  const at = cancelledBefore(text.tokens, start)
  if (at < 0) return null
  const starts = clauseStarts(text)
  for (let i = at + 1; i <= start; i++) if (starts.has(i)) return null
  const next = text.tokens[at + 1] ?? ''
  return next === 'off' || next === 'up' ? `${text.tokens[at]} ${next}` : text.tokens[at]!
}

/**
 * Whether the idiom, where `text` says it through `gloss`, is negated: by the parity of the
 * negators at it, a gloss that carries its own negation ("have no money" for "broke") and a
 * reversed particle ("out of the loop" through "be in the loop").
 */
function spanNegative(text: EnglishText, span: number[] | null, gloss: Gloss | null): boolean {
  if (!span || !gloss) return false
  // "call off the work-to-rule" for "work to rule": cancelled, the idiom is not done
  const negators = negatorsAt(text, span, gloss) + (cancelledAt(text, span[0]!) ? 1 : 0)
  return ((negators % 2 === 1) !== gloss.negative) !== particleReversed(gloss, text, span)
}

/**
 * Words that open another clause, whose subject a negator before them does not reach: "I didn't
 * say she was broke" denies the saying, not "broke".
 */
const CLAUSE_BOUNDARIES: ReadonlySet<string> = new Set([
  ...'when while because if after before until since though although but and or that which who whom whose where'.split(
    ' ',
  ),
  'i',
  'you',
  'he',
  'she',
  'we',
  'they',
])

/**
 * Whether the idiom is negated by the negators of its whole clause, not only those right before
 * its words (`spanNegative`): from the idiom back to the clause's punctuation or to the nearest
 * word that opens another clause (a conjunction, "that", a subject pronoun; not "so", which is
 * as often "so closed-minded"), and on as
 * `negatorsAt` reads it. English puts a clause's "not" on its verb, its subject or its object as
 * it likes: "don't sign the contract in a rush" and "don't rush into signing the contract",
 * "going without a holiday was a bummer" and "not getting a holiday was a letdown", "one salary
 * is no longer enough to put food on the table" and "a single income isn't enough to feed a
 * family" deny the same thing. Two texts whose idiom is negated this way alike do not say
 * opposite things, though a negator stands before the idiom's words in one of them only.
 */
function clauseNegative(text: EnglishText, span: number[], gloss: Gloss | null): boolean {
  if (span.length === 0 || !gloss) return false
  const first = span[0]!
  const end = span[span.length - 1]!
  const starts = clauseStarts(text)
  let from = first
  while (from > 0 && !starts.has(from) && !CLAUSE_BOUNDARIES.has(text.tokens[from - 1] ?? ''))
    from--
  let last = end + (gloss.negative ? 2 * NEGATION_WINDOW : 0)
  for (let i = end + 1; i <= last; i++)
    if (starts.has(i)) {
      last = i - 1
      break
    }
  let negators = cancelledAt(text, first) ? 1 : 0
  for (let i = from; i <= last && i < text.tokens.length; i++)
    if (negatesAt(text.tokens, i)) negators++
  return ((negators % 2 === 1) !== gloss.negative) !== particleReversed(gloss, text, span)
}

const AUXILIARIES = new Set([
  'am',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  "'s",
  'have',
  'has',
  'had',
  'get',
  'got',
  'just',
  'already',
])

/**
 * "you only just scraped through", "she just left": "just" before a past form with no "have" or
 * "be" before it ("has just left", "was just told") is an adverb of a simple past. ("already" is
 * left as it was: "he already tried" against "he's already tried", whose "'s" may be "is", would
 * read as a tense changed.)
 */
function adverbOfPast(tokens: string[], i: number): boolean {
  if (tokens[i - 1] !== 'just') return false
  let k = i - 2
  while (k >= 0 && PERFECT_ADVERBS.has(tokens[k]!)) k--
  const before = tokens[k] ?? ''
  return !AUXILIARIES.has(before) && before !== "'ve" && !QUESTION_AUXILIARIES.has(before)
}

/** Adverbs that may stand between "has" and its participle ("has never had", "'s always had"). */
const PERFECT_ADVERBS = new Set(
  'never ever already just always not also still only recently'.split(' '),
)

/** Whether "had" at `i` is the participle of a present perfect ("he's never had", "have had"). */
function perfectHadAt(tokens: string[], i: number): boolean {
  let k = i - 1
  while (k >= 0 && PERFECT_ADVERBS.has(tokens[k]!)) k--
  const aux = tokens[k] ?? ''
  return aux === 'has' || aux === 'have' || aux === "'s" || aux === "'ve"
}

function hasPast(tokens: string[]): boolean {
  return tokens.some((t, i) => {
    if (t === 'had') return !perfectHadAt(tokens, i)
    if (t === 'was' || t === 'were' || t === 'did') return true
    if (verbBitAt(tokens, i) || coinedPastAt(tokens, i)) return true
    const prev = tokens[i - 1] === 'not' ? tokens[i - 2] : tokens[i - 1]
    // the past form first: most words are none, and the checks after it only rule one out
    return (
      isPastForm(t) &&
      (!AUXILIARIES.has(prev ?? '') || adverbOfPast(tokens, i)) &&
      !perfectQuestion(tokens, i) &&
      !participleOfObject(tokens, i) &&
      !adjectivalParticiple(tokens, i)
    )
  })
}

/** Words before which a past form names a thing or a state, not a past act ("a bore", "for granted"). */
const BEFORE_NO_VERB = new Set(
  'a an the my your his our their its these those every each for of with in on at from'.split(' '),
)
/** Verbs after which a participle is a state ("getting drunk", "seems tired"), not a past act. */
const STATE_VERBS = new Set('getting gets being seem seems feel feels become becomes'.split(' '))
/** Adverbs that may stand between "be" and its participle ("are super excited", "is not even used"). */
const STATE_ADVERBS = new Set(
  `really totally completely absolutely so very quite pretty just only even still actually
  literally truly utterly fully entirely extremely super too already also all not never always
  almost well half`.split(/\s+/),
)

/**
 * A past form that is no past tense (session 12): after a determiner or a preposition it is a
 * noun or an adjective ("such a bore", "the ground", "a written request", "take it for granted");
 * after "be", "get" or "seem", adverbs between, it is a state ("the guys are super excited",
 * "getting drunk"), the verb before it says the tense.
 */
function adjectivalParticiple(tokens: string[], i: number): boolean {
  const prev = tokens[i - 1] ?? ''
  if (BEFORE_NO_VERB.has(prev)) return true
  if (countedModifier(tokens, i)) return true
  let k = i - 1
  for (;;) {
    const t = tokens[k] ?? ''
    if (k > 0 && (STATE_ADVERBS.has(t) || /^[a-z]{2,}ly$/.test(t))) k--
    // one of two states ("I'm sick and tired of it")
    else if (k > 1 && k === i - 1 && (t === 'and' || t === 'or')) k -= 2
    else break
  }
  const governor = tokens[k] ?? ''
  return (
    STATE_VERBS.has(governor) || (k < i - 1 && AUXILIARIES.has(governor) && governor !== 'just')
  )
}

/**
 * "two left feet", "three broken chairs": a past form between a number (not "one", also a
 * pronoun: "no one left the room") and a noun modifies that noun; "two left early" keeps its verb.
 */
function countedModifier(tokens: string[], i: number): boolean {
  const prev = tokens[i - 1] ?? ''
  const next = tokens[i + 1] ?? ''
  return (
    prev !== 'one' &&
    numberSpelling(prev) !== undefined &&
    !isFunctionWord(next) &&
    !isPastForm(next) &&
    isNounLike(next)
  )
}

/** "has" or "have" before a participle, an adverb or "not" between ("has really stepped up"). */
function presentPerfectAt(tokens: string[], i: number): boolean {
  const next = tokens[i + 1] ?? ''
  const after = isFunctionWord(next) && next !== 'to' ? (tokens[i + 2] ?? '') : next
  return isPastForm(after) || /^[a-z]+(ed|en)$/.test(after) || SAME_PARTICIPLE.has(after)
}
/** Participles spelt as the verb itself ("I've run out", "has come"). */
const SAME_PARTICIPLE = new Set('run come become overcome'.split(' '))

/**
 * "I texted you", "she googled it": a word in -ed the lexicon lacks, whose stem it has, right
 * after a subject pronoun is that verb's past (the lexicon is older than the verb); elsewhere it
 * may be a compound's adjective ("so tight-fisted").
 */
function coinedPastAt(tokens: string[], i: number): boolean {
  const prev = tokens[i - 1] ?? ''
  return SUBJECT_PRONOUNS.has(prev) && hasCoinedEdStem(tokens[i]!)
}

/** "bit the dust", "bit his lip": "bit" before a determiner is the past of "bite", not "a bit". */
function verbBitAt(tokens: string[], i: number): boolean {
  return tokens[i] === 'bit' && tokens[i - 1] !== 'a' && DETERMINERS.has(tokens[i + 1] ?? '')
}

/** Verbs whose object a participle may follow ("has it all figured out", "keep your eyes peeled"). */
const PARTICIPLE_GOVERNORS = new Set(
  'have has having get gets getting keep keeps keeping'.split(' '),
)
/** Words that end the object a participle may follow: a new clause starts there. */
const CLAUSE_OPENERS = new Set(
  'and but or then so because when while that which who if i you he she we they'.split(' '),
)
/** How many words the object between such a verb and its participle may have. */
const MAX_PARTICIPLE_OBJECT = 3

/**
 * A past form that is the participle after "have", "get" or "keep" and their object ("she has it
 * all figured out", "gets all worked up", "we'll get the house finished", "keep your eyes
 * peeled"): no past tense, the verb before it says the tense.
 */
function participleOfObject(tokens: string[], i: number): boolean {
  for (let k = 1; k <= MAX_PARTICIPLE_OBJECT + 1 && i - k >= 0; k++) {
    const t = tokens[i - k]!
    if (PARTICIPLE_GOVERNORS.has(t)) return k > 1
    if (CLAUSE_OPENERS.has(t) || isPastForm(t)) return false
  }
  return false
}

/** "Have you lost …?": a participle after "have" and its subject is the present perfect. */
function perfectQuestion(tokens: string[], i: number): boolean {
  const before = tokens[i - 2]
  return (before === 'have' || before === 'has') && personOf(tokens[i - 1] ?? '') !== undefined
}

/** How many words of its own a clause without content words needs to count as left out. */
const MIN_LIGHT_CLAUSE = 3
/** How far before the idiom's words its verb may stand ("I'm out of the loop": "am"). */
const SPAN_TENSE_WINDOW = 4
/** Verbs whose past is spelt as the present ("shut", "put"): a sentence with one may be past. */
const SAME_PAST = new Set(
  'shut put cut set hit let quit hurt cost spread read split bet burst cast upset'.split(' '),
)
const SUBJECTS = new Set('he she it who that which this there'.split(' '))
/** Subjects after which a verb's present is its bare form ("I want", "they pay"). */
const PLAIN_SUBJECTS = new Set(['i', 'you', 'we', 'they'])
/**
 * Subject pronouns: a meaning phrase may open with one ("she calls the shots"), and a coined -ed
 * word after one is a past ("I texted you").
 */
const SUBJECT_PRONOUNS = new Set([...PLAIN_SUBJECTS, 'he', 'she'])
/** Words before a subject that give the verb after it their own tense ("did you go"). */
const QUESTION_AUXILIARIES = new Set(
  'do does did will would can could shall should may might must not'.split(' '),
)
/** Words that follow a verb, not a noun: "ends up", "dodges the question", "tells me". */
const VERB_FOLLOWERS = new Set(
  'up down out off away back over the a an his her my your their our its me him us them it'.split(
    ' ',
  ),
)
const DETERMINERS = new Set(
  "the a an my your his her our their its this that these those some any 's".split(' '),
)

/** The tense a token marks: "was", "dodged", "got" past; "is", "dodges", "will" present. */
function tenseAt(tokens: string[], i: number, plain = false): 'past' | 'present' | null {
  const t = tokens[i] ?? ''
  const prev = tokens[i - 1] ?? ''
  if (t === 'had') return perfectHadAt(tokens, i) ? 'present' : 'past'
  if (t === 'was' || t === 'were' || t === 'did') return 'past'
  if (t === 'is' || t === 'are' || t === 'am' || t === 'does' || t === 'will') return 'present'
  if ((t === 'has' || t === 'have') && tokens[i + 1] === 'been') return 'present'
  if (verbBitAt(tokens, i) || coinedPastAt(tokens, i)) return 'past'
  // only a past form or a word in -s has a tense of its own below: the checks before them only
  // rule one out, so most words stop here
  const past = isPastForm(t)
  // "I want", "they pay": a verb's bare form right after I, you, we or they is a present
  if (
    plain &&
    !past &&
    !SAME_PAST.has(t) &&
    PLAIN_SUBJECTS.has(prev) &&
    // not in a question or after a modal: "did you forget", "will they pay", "can we go"
    !QUESTION_AUXILIARIES.has(tokens[i - 2] ?? '') &&
    !isFunctionWord(t) &&
    verbLemma(t) === t &&
    isVerbMoreThanAdjective(t)
  )
    return 'present'
  if (!past && !/^[a-z]+s$/.test(t)) return null
  if (
    (AUXILIARIES.has(prev) && !(past && adverbOfPast(tokens, i))) ||
    prev === 'to' ||
    perfectQuestion(tokens, i) ||
    participleOfObject(tokens, i) ||
    adjectivalParticiple(tokens, i)
  )
    return null
  if (past) return 'past'
  // "he dodges the", "ends up": a verb's third person; "leaks appeared", "the bars" are nouns
  const next = tokens[i + 1] ?? ''
  if (
    /^[a-z]+s$/.test(t) &&
    !DETERMINERS.has(prev) &&
    !isFunctionWord(t) &&
    verbLemma(t) !== t &&
    (SUBJECTS.has(prev) || VERB_FOLLOWERS.has(next))
  )
    return 'present'
  return null
}

/** The tense each verb of a text is in, by lemma ("ends" → end: present, "was" → be: past). */
function tensesOf(tokens: string[]): Map<string, Set<'past' | 'present'>> {
  const tenses = new Map<string, Set<'past' | 'present'>>()
  tokens.forEach((t, i) => {
    // "can't" and "couldn't": one ability now, the other then ("couldn't keep a secret" for
    // "can't keep a secret"); "could" alone is a possibility, tenseless
    const ability =
      t === 'can' || t === 'cannot'
        ? 'present'
        : t === 'could' &&
            tokens[i + 1] === 'not' &&
            i > 0 &&
            (!!personOf(tokens[i - 1]!) || !isFunctionWord(tokens[i - 1]!))
          ? 'past'
          : null
    const tense = ability ?? tenseAt(tokens, i, true)
    if (!tense) return
    const lemma = ability ? 'can' : t === 'has' || t === 'have' ? 'be' : verbLemma(t)
    const set = tenses.get(lemma) ?? new Set()
    set.add(tense)
    tenses.set(lemma, set)
  })
  return tenses
}

/**
 * Modals whose form is a past but whose clause need not be: "would" is "will" reported from the
 * past ("said they would strike" for "announced they will strike") or a conditional, "could" a
 * possibility. Before the idiom's verb they say its tense is not known, rather than a verb further
 * back ("said") saying it.
 */
const TENSELESS_MODALS = new Set(['would', 'could'])

/** The tense of the verb that says the idiom: the last tense mark up to its first word. */
function spanTense(tokens: string[], span: number[] | null): 'past' | 'present' | null {
  if (!span?.length) return null
  for (let i = span[0]!; i >= Math.max(0, span[0]! - SPAN_TENSE_WINDOW); i--) {
    if (TENSELESS_MODALS.has(tokens[i]!)) return null
    const tense = tenseAt(tokens, i)
    if (tense) return tense
  }
  return null
}

/**
 * Whether the tense changed: past in one text and not in the other (a verb like "shut" may be
 * either), or the same verb in another tense ("ends up" for "ended up", "was" for "has been").
 */
const tenseCache = new WeakMap<
  string[],
  { past: boolean; tenses: Map<string, Set<'past' | 'present'>> }
>()
/** Tense facts of a token list, worked out once per analysed text. */
function tenseFacts(tokens: string[]): {
  past: boolean
  tenses: Map<string, Set<'past' | 'present'>>
} {
  let facts = tenseCache.get(tokens)
  if (!facts) {
    facts = { past: hasPast(tokens), tenses: tensesOf(tokens) }
    tenseCache.set(tokens, facts)
  }
  return facts
}

function tenseChanged(
  ref: string[],
  user: string[],
  refSpan: number[] | null,
  userSpan: number[] | null,
): boolean {
  const refTense = spanTense(ref, refSpan)
  const userTense = spanTense(user, userSpan)
  if (refTense && userTense && refTense !== userTense) return true
  const refPast = tenseFacts(ref).past
  const userPast = tenseFacts(user).past
  const maybePast = (tokens: string[]): boolean => tokens.some((t) => SAME_PAST.has(t))
  // the idiom's verb in the same tense on both sides: a past elsewhere said another way ("since
  // moving" for "since I moved") is paraphrase; the same verb in another tense is still caught
  const sameAtIdiom = refTense !== null && refTense === userTense
  // the present perfect tells of the past too ("has really stepped up" for "got promoted, …")
  const perfect = (tokens: string[]): boolean =>
    tokens.some((t, i) => (t === 'has' || t === 'have') && presentPerfectAt(tokens, i))
  // "would sit" for "used to sit": both the habitual past
  const usedTo = (tokens: string[]): boolean =>
    tokens.some((t, i) => t === 'used' && tokens[i + 1] === 'to')
  const habitual = (past: string[], other: string[]): boolean =>
    usedTo(past) && other.includes('would')
  if (
    refPast !== userPast &&
    !sameAtIdiom &&
    !maybePast(refPast ? user : ref) &&
    !perfect(refPast ? user : ref) &&
    !(refPast ? habitual(ref, user) : habitual(user, ref))
  )
    return true
  const a = tenseFacts(ref).tenses
  const b = tenseFacts(user).tenses
  for (const [lemma, tenses] of a) {
    const other = b.get(lemma)
    if (tenses.size === 1 && other?.size === 1 && [...tenses][0] !== [...other][0]) return true
  }
  return false
}

/** Whose a thing is ("talk on their phones") names no new doer: only who acts counts. */
const POSSESSIVES = new Set('my your his its our their'.split(' '))
const personCache = new WeakMap<string[], Set<string>>()
function personsOf(tokens: string[]): Set<string> {
  let persons = personCache.get(tokens)
  if (!persons) {
    persons = personsNamed(tokens)
    personCache.set(tokens, persons)
  }
  return persons
}

/** "excuse me", "pardon me": a formula of politeness, the "me" no doer or hearer. */
const POLITE_FORMULAS = new Set(['excuse', 'pardon'])
/** The persons the words name as doers; `skipFormulas` leaves out the "me" of "excuse me". */
function personsNamed(tokens: string[], skipFormulas = false): Set<string> {
  const persons = new Set<string>()
  tokens.forEach((t, i) => {
    if (!personOf(t) || POSSESSIVES.has(t)) return
    if (skipFormulas && t === 'me' && POLITE_FORMULAS.has(tokens[i - 1] ?? '')) return
    persons.add(personOf(t)!)
  })
  return persons
}

/** The persons the idiom's words name as owners ("blow my own trumpet": I). */
function ownersOf(tokens: string[], span: number[] | null): Set<string> {
  const owners = new Set<string>()
  if (!span?.length) return owners
  for (let i = span[0]!; i <= span[span.length - 1]!; i++)
    if (POSSESSIVES.has(tokens[i]!)) owners.add(personOf(tokens[i]!)!)
  return owners
}

export interface TranslationResult {
  accuracy: Accuracy
  mistakeType: MistakeType
  feedback: string
  /** How sure the grade is, 0–1 (see TRANSLATION_CONFIDENCE). */
  confidence: number
}

interface Judgement extends TranslationResult {
  rank: number
}

/**
 * How sure the grader is of each kind of verdict (0–1), measured on the tuning cases: a verdict
 * resting on a known meaning phrase is sure; one that rests on the absence of a match (the
 * learner may have said the meaning in words no list has) is not.
 */
export const TRANSLATION_CONFIDENCE = {
  mechanical: 0.97,
  literal: 0.9,
  perfectByMeaning: 0.9,
  perfectByReference: 0.8,
  perfectUnknownIdiom: 0.55,
  minorOneSlip: 0.75,
  minorSwap: 0.5,
  minorOmission: 0.7,
  opposite: 0.75,
  missingWithOtherWords: 0.4,
  missingNothingElse: 0.85,
  /** The learner says a meaning phrase of the idiom's other sense, none of this one's. */
  otherSense: 0.85,
} as const

const RANK: Record<Accuracy, number> = { perfect: 2, minor: 1, major: 0 }

function quoteList(words: string[]): string {
  return words.map((w) => `"${w}"`).join(', ')
}

/** A text's sentences with their tokens (kept for the references, which repeat; bounded). */
const sentenceCache = new Map<string, [string, string[]][]>()
/** The last learner's text split: it is compared with each reference in turn. */
let lastAnswer: [string, [string, string[]][]] = ['', []]
function sentencesOf(text: string, keep: boolean): [string, string[]][] {
  const hit = keep ? sentenceCache.get(text) : lastAnswer[0] === text ? lastAnswer[1] : undefined
  if (hit) return hit
  const sentences = text
    .split(/(?<=[.!?])/)
    .map((sentence): [string, string[]] => [sentence, tokeniseEnglish(sentence)])
  if (keep) {
    if (sentenceCache.size >= CACHE_LIMIT) sentenceCache.clear()
    sentenceCache.set(text, sentences)
  } else lastAnswer = [text, sentences]
  return sentences
}

/** The clause of a sentence (between commas, semicolons, colons) holding its k-th token. */
function clauseAt(sentence: string, k: number): string {
  let seen = 0
  for (const part of sentence.split(/(?<=[,;:])/)) {
    seen += tokeniseEnglish(part).length
    if (k < seen) return part.trim().replace(/[\s,;:.!?]+$/u, '')
  }
  return sentence.trim()
}

/** Words that negate but are no verb ("unless", "instead of", "rather than"). */
const NEGATING_LINKS = new Set(['unless', 'instead', 'rather'])

/** Whether the negating verb at `i` ("avoided") is said by the other text with a synonym ("escaped"). */
function negatingVerbSaid(text: EnglishText, i: number, other: EnglishText): boolean {
  const t = text.tokens[i]!
  if (NEGATORS.has(t) || NEGATING_LINKS.has(t)) return false
  // the same verb in both texts is weighed as it was: only a synonym stands in for it
  const lemma = verbLemma(t)
  if (other.tokens.some((o) => verbLemma(o) === lemma)) return false
  return text.units.some((u) => u.start === i && u.end === i && !u.light && hasUnit(u, other))
}

/** Pronouns that make a clause negative from its subject ("Nobody asked you,"). */
const NEGATIVE_SUBJECTS: ReadonlySet<string> = new Set(['nobody', 'nothing', 'none', 'noone'])

/**
 * Whether a short opening before a comma is a clause with a negative subject ("Nobody asked
 * you,", "No one called,", "Nothing happened,"), not an interjection ("Don't worry," for
 * "Relax,", whose "not" the other text may leave out): its negation is part of what is said.
 */
function negativeSubjectOpening(tokens: string[], opening: ReadonlySet<number>): boolean {
  if (!opening.has(0)) return false
  const first = tokens[0] ?? ''
  return NEGATIVE_SUBJECTS.has(first) || (first === 'no' && tokens[1] === 'one')
}

/**
 * Whether the statements of a text are negated, by the parity of their negators, and the first
 * negated clause (for feedback). Left out:
 * questions ("don't you want another one?" asks the same as "do you want another one?"), the
 * opening interjection ("Don't worry," for "Relax,") and the idiom's own words, checked apart.
 */
/** Words that, after a "not", limit what it denies: "not just", "not only", "not merely". */
const LIMITERS: ReadonlySet<string> = new Set(['just', 'only', 'merely', 'simply'])

/** Whether the negator at `i` denies a limit ("don't want to just pass", "not only"). */
function notJustAt(tokens: string[], i: number): boolean {
  for (let k = i + 1; k <= i + NEGATION_WINDOW && k < tokens.length; k++) {
    if (LIMITERS.has(tokens[k]!)) return true
    if (!isFunctionWord(tokens[k]!) && !/^(want|need|like)$/.test(verbLemma(tokens[k]!))) break
  }
  return false
}

/** Whether a text says "more than" unnegated: a positive "not just". */
function moreThanSaid(tokens: string[]): boolean {
  return tokens.some((t, i) => {
    if (t !== 'more' || tokens[i + 1] !== 'than') return false
    for (let k = Math.max(0, i - NEGATION_WINDOW); k < i; k++)
      if (negatesAt(tokens, k)) return false
    return true
  })
}

function statementPolarity(
  text: string,
  analysed: EnglishText,
  idiom: number[] | null,
  gloss: Gloss | null,
  /** Whether the content word at a position is also in the other text (its clause was kept). */
  kept: (position: number) => boolean = () => true,
  /** A reference's sentences are kept for the next attempt; a learner's text is not. */
  isReference = false,
  /** The other text, for verbs that say "not" of its words ("forgot" / "remember"). */
  other: EnglishText | null = null,
): { negative: boolean; clause: string | null } {
  const otherLemmas =
    other && (hasAntonyms(analysed) || hasAntonyms(other)) ? lemmaSet(other) : NO_LEMMAS
  // "was absent" against "was not present": the other text negates a word whose WordNet antonym
  // this text says; only worked out where the other text has a negator
  const otherNegated = other ? negatedWords(other) : NO_LEMMAS
  const otherForms = (): ReadonlySet<string> => (other ? lemmaSet(other) : NO_LEMMAS)
  const skip = negativeSubjectOpening(analysed.tokens, analysed.opening)
    ? new Set<number>()
    : new Set(analysed.opening)
  // a short negative reply ("No way.", "Not a chance.") kept by one in the other text
  const replies =
    other && shortReplies(other.raw, !isReference).length > 0
      ? new Set(shortReplies(text, isReference))
      : NO_POSITIONS
  // a negator whose clause the other text left out says nothing about polarity ("and never laid
  // a brick" dropped is an omission, not an opposite)
  const moreThan = other ? moreThanSaid(other.tokens) : false
  const otherDenied = other ? deniedOf(other) : NO_LEMMAS
  analysed.tokens.forEach((_, i) => {
    if (!negatesAt(analysed.tokens, i) || replies.has(i)) return
    // "don't want to just scrape through" against "want more than a bare pass": "not just" is
    // "more than", no "not" of the statement
    if (moreThan && notJustAt(analysed.tokens, i)) {
      skip.add(i)
      return
    }
    // a verb that says "not" ("avoided relegation", "refused the request") said by the other
    // text with a synonym of its own ("escaped relegation", "rejected the request"): the same
    // act, not a negation the other text lacks
    if (other && negatingVerbSaid(analysed, i, other)) {
      skip.add(i)
      return
    }
    // the content words after the negator are what it negates ("nobody is doing anything
    // wrong"); the other text kept that phrase if it has one of them ("don't have a single free
    // minute" / "don't have a minute to spare")
    let seen = 0
    for (let k = i + 1; k <= i + 2 * NEGATION_WINDOW && k < analysed.tokens.length; k++) {
      // "hasn't done anything" as "didn't do anything": "done" is the auxiliary's own verb
      if (isFunctionWord(analysed.tokens[k]!) || analysed.tokens[k] === 'done') continue
      // "never used to go": "used to" says when, the verb after it is what is negated
      if (analysed.tokens[k] === 'used' && analysed.tokens[k + 1] === 'to') continue
      // "no attention" against "ignored": kept, the other text says it with a "not" of its own,
      // counted even in an opening ("Pay no attention," / "Ignore him,")
      if (antonymIn(analysed.tokens[k]!, otherLemmas)) {
        skip.delete(i)
        return
      }
      // "not present" against "absent": the other text says the negation by the antonym
      if (
        other &&
        opposedTo(analysed.tokens[k]!, analysed.tokens[k + 1]).some(
          (a) => otherForms().has(a) && !otherNegated.has(a),
        ) &&
        !otherForms().has(analysed.tokens[k]!)
      ) {
        skip.delete(i)
        return
      }
      // "cannot be refunded" against "non-refundable": the other text says the "not" by a prefix
      if (otherDenied.size > 0 && lemmasOf(analysed.tokens[k]!).some((l) => otherDenied.has(l))) {
        skip.delete(i)
        return
      }
      if (kept(k)) return
      // a negating verb negates the verb after it ("stop making so much noise"), not more
      if (++seen === (NEGATORS.has(analysed.tokens[i]!) ? NEGATED_WORDS : 1)) break
    }
    if (seen > 0) skip.add(i)
  })
  const idiomWords = new Set<number>()
  if (idiom?.length) {
    // the idiom's own negation stands after a comma before it ("If your leave isn't approved, put
    // in a request": the "not" is the first clause's); a colon may open the idiom's own clause
    // ("If you don't train, you won't improve: no pain, no gain")
    let from = windowStart(analysed.tokens, idiom[0]!)
    let before = false
    for (let i = from; i < idiom[0]! && !before; i++) before = negatesAt(analysed.tokens, i)
    const opens = before ? commaStarts(analysed) : NO_POSITIONS
    for (let i = idiom[0]!; i > from; i--)
      if (opens.has(i)) {
        from = i
        break
      }
    let to = idiom[idiom.length - 1]! + (gloss?.negative ? 2 * NEGATION_WINDOW : 0)
    // a negative meaning's own negation trails it within its clause, not into the next one
    const starts = gloss?.negative ? clauseStarts(analysed) : NO_POSITIONS
    for (let i = idiom[idiom.length - 1]! + 1; i <= to; i++)
      if (starts.has(i)) {
        to = i - 1
        break
      }
    for (let i = from; i <= to; i++) {
      skip.add(i)
      idiomWords.add(i)
    }
  }
  let offset = 0
  let negators = 0
  let clause: string | null = null
  for (const [sentence, tokens] of sentencesOf(text, isReference)) {
    const asked = questionFrom(sentence, tokens)
    if (asked > 0) {
      tokens.forEach((_, k) => {
        if (k >= asked) return
        const negates =
          (negatesAt(tokens, k) && !skip.has(offset + k)) ||
          // "forgot" against "didn't remember": the verb is the clause, kept by that other word
          ((antonymNegates(tokens[k]!, otherLemmas) ||
            (otherNegated.size > 0 &&
              !negatedWords(analysed).has(tokens[k]!) &&
              (opposedTo(tokens[k]!).some((a) => otherNegated.has(a)) ||
                deniedByPrefix(tokens[k]!).some((a) => otherNegated.has(a))))) &&
            !idiomWords.has(offset + k))
        if (negates) {
          negators++
          clause ??= clauseAt(sentence, k)
        }
      })
    }
    offset += tokens.length
  }
  return { negative: negators % 2 === 1, clause }
}

/** Words a short negative reply may have after its negator ("No way.", "Not a chance."). */
const MAX_REPLY = 3

/**
 * Where a text's short negative replies begin, as token positions: a sentence of at most three
 * words that opens with a negator ("No way.", "Not a chance.", "Not at all.").
 */
function shortReplies(text: string, keep: boolean): number[] {
  const found: number[] = []
  let offset = 0
  for (const [, tokens] of sentencesOf(text, keep)) {
    if (tokens.length > 0 && tokens.length <= MAX_REPLY && NEGATORS.has(tokens[0]!))
      found.push(offset)
    offset += tokens.length
  }
  return found
}

/** Words that make a statement a question at its end ("…, OK?", "…, right?"). */
const QUESTION_TAGS = new Set(['ok', 'okay', 'right', 'all right', 'alright', 'yeah', 'eh', 'huh'])
/** Auxiliaries that open a question ("don't you …", "can you …", "is it …"). */
const QUESTION_OPENERS = new Set(
  'do does did dont doesnt didnt is isnt are arent was were can cant could will would have has should'.split(
    ' ',
  ),
)

/**
 * How many of a sentence's tokens state something: all of them (its length), none (0) for a
 * question ("Don't you want another one?"; so is one a learner wrote without its "?", "don't
 * you want another one", opening with an auxiliary and a pronoun), or those before a question tag
 * ("Just pretend I didn't say anything, OK?" states "pretend I didn't say anything").
 */
function questionFrom(sentence: string, tokens: string[]): number {
  const trimmed = sentence.trim()
  if (trimmed.endsWith('?')) {
    const comma = trimmed.lastIndexOf(',')
    if (comma < 0) return 0
    const tag = tokeniseEnglish(trimmed.slice(comma + 1))
    return QUESTION_TAGS.has(tag.join(' ')) ? tokens.length - tag.length : 0
  }
  if (/[.!]$/.test(trimmed)) return tokens.length
  const first = tokens[0] ?? ''
  const next = tokens[1] === 'not' ? tokens[2] : tokens[1]
  return QUESTION_OPENERS.has(first) && next !== undefined && personOf(next) !== undefined
    ? 0
    : tokens.length
}

/** Whether a text has a verb that says "not" of another word ("forgot"): kept per analysed text. */
const antonymTexts = new WeakMap<EnglishText, boolean>()
function hasAntonyms(text: EnglishText): boolean {
  let has = antonymTexts.get(text)
  if (has === undefined) {
    has = text.tokens.some((t) => antonymsOf(t).length > 0)
    antonymTexts.set(text, has)
  }
  return has
}

/** Every dictionary form of a text's words (kept per analysed text). */
const lemmaSets = new WeakMap<EnglishText, Set<string>>()
const NO_LEMMAS: ReadonlySet<string> = new Set()
/**
 * A word's WordNet antonyms and everyday opposites ("absent" → present, "lost" → win), also of it
 * with the next word ("getting out" → stay).
 */
function opposedTo(word: string, next = ''): string[] {
  const everyday = oppositesOf(word, next)
  const antonyms = wordNetAntonymsOf(word)
  return everyday.length === 0 ? antonyms : [...antonyms, ...everyday]
}

/**
 * The dictionary forms of the words a negator negates in a text ("not present" → present): the
 * first content word after each negator. Empty where the text has no negator.
 */
/**
 * The words a word with a negative prefix denies, by English morphology: "non-refundable" /
 * "refund", "unpaid" / "paid", "impossible" / "possible", "dishonest" / "honest". Only a rest the
 * lexicon knows, of five letters or more ("intend" is no "not tend"); empty for other words.
 */
function deniedByPrefix(word: string): string[] {
  let denied = deniedCache.get(word)
  if (denied) return denied
  denied = []
  const m = /^(?:non|un|in|im|il|ir|dis)([a-z]{5,})$/.exec(word)
  if (m) {
    const rest = m[1]!
    const stem = /^(.{3,})[ai]ble$/.exec(rest)?.[1]
    for (const form of stem ? [rest, stem, `${stem}e`] : [rest])
      if (inLexicon(form)) denied.push(...lemmasOf(form))
  }
  if (deniedCache.size >= 10_000) deniedCache.clear()
  deniedCache.set(word, denied)
  return denied
}
const deniedCache = new Map<string, string[]>()

/** The words a text's prefixed words deny (deniedByPrefix), kept per text. */
function deniedOf(text: EnglishText): ReadonlySet<string> {
  let set = deniedSets.get(text)
  if (!set) {
    const denied = text.tokens.flatMap((t) => deniedByPrefix(t))
    set = denied.length > 0 ? new Set(denied) : NO_LEMMAS
    deniedSets.set(text, set)
  }
  return set
}
const deniedSets = new WeakMap<EnglishText, ReadonlySet<string>>()

function negatedWords(text: EnglishText): ReadonlySet<string> {
  let set = negatedSets.get(text)
  if (!set) {
    set = NO_LEMMAS
    const { tokens } = text
    for (let i = 0; i < tokens.length; i++) {
      if (!negatesAt(tokens, i)) continue
      for (let k = i + 1; k <= i + NEGATION_WINDOW && k < tokens.length; k++) {
        if (isFunctionWord(tokens[k]!)) continue
        if (set === NO_LEMMAS) set = new Set()
        for (const f of lemmasOf(tokens[k]!)) {
          ;(set as Set<string>).add(f)
          // with its particle: "not getting out" negates "get out"
          if (tokens[k + 1]) (set as Set<string>).add(`${f} ${tokens[k + 1]}`)
        }
        break
      }
    }
    negatedSets.set(text, set)
  }
  return set
}
const negatedSets = new WeakMap<EnglishText, ReadonlySet<string>>()

function lemmaSet(text: EnglishText): Set<string> {
  let set = lemmaSets.get(text)
  if (!set) {
    set = new Set()
    for (const t of text.tokens) for (const f of lemmasOf(t)) set.add(f)
    lemmaSets.set(text, set)
  }
  return set
}

/**
 * Where the idiom's words begin and end in the Spanish sentence, as shares of its length (0 at
 * the first word, 1 at the last), or null where the snippet is not found.
 */
function snippetSpan(text: string, snippet: string): [number, number] | null {
  const words = tokeniseSpanish(text).map((t) => t.folded)
  const own = tokeniseSpanish(snippet).map((t) => t.folded)
  if (own.length === 0 || words.length === 0) return null
  const last = Math.max(1, words.length - 1)
  for (let i = 0; i + own.length <= words.length; i++)
    if (own.every((w, k) => words[i + k] === w)) return [i / last, (i + own.length - 1) / last]
  return null
}

/** Verbs that negate the action said right after them ("stop sweet-talking me"). */
const STOP = new Set('stop stops stopped stopping quit quits quitting'.split(' '))
/** Spanish words that negate the verb right after them ("no hizo lugar", "nunca le dio bola"). */
const SPANISH_NEGATORS = new Set(['no', 'nunca', 'jamas', 'ni', 'tampoco'])
/** Clitic pronouns that may stand between a negator and its verb ("no le hizo caso"). */
const SPANISH_CLITICS = new Set('me te se le les lo la los las nos os'.split(' '))

/**
 * Whether the Spanish sentence negates the idiom from outside its words: "no" (nunca, ni …)
 * right before the snippet, clitic pronouns between ("El tribunal no hizo lugar al pedido"). A
 * "no" inside the snippet is the idiom's own ("no tener ni idea").
 */
function snippetNegated(text: string, snippet: string): boolean {
  const words = tokeniseSpanish(text).map((t) => t.folded)
  const own = tokeniseSpanish(snippet).map((t) => t.folded)
  if (own.length === 0 || SPANISH_NEGATORS.has(own[0]!)) return false
  for (let i = 0; i + own.length <= words.length; i++) {
    if (!own.every((w, k) => words[i + k] === w)) continue
    let j = i - 1
    while (j >= 0 && SPANISH_CLITICS.has(words[j]!)) j--
    return j >= 0 && SPANISH_NEGATORS.has(words[j]!)
  }
  return false
}

/** Whether span `a` reaches over all of span `b` and further. */
function holds(a: number[], b: number[]): boolean {
  const [a0, a1, b0, b1] = [a[0]!, a[a.length - 1]!, b[0]!, b[b.length - 1]!]
  return a0 <= b0 && a1 >= b1 && a1 - a0 > b1 - b0
}

/** Where the reference and the learner say the idiom, through which gloss. */
interface IdiomPlaces {
  refSpan: number[] | null
  refGloss: Gloss | null
  /** Every reference position some meaning phrase finds ("gets straight to the point"). */
  idiomInRef: Set<number>
  userSpan: number[] | null
  userGloss: Gloss | null
  /** Every learner position some meaning phrase finds. */
  userAll: Set<number>
  /** Reference positions of a place that says the idiom again which the learner did not keep. */
  unsaid: Set<number>
  /**
   * The reference's places that say the idiom, left out and kept, where the learner's meaning
   * phrases all stand where kept ones do (else null).
   */
  replaced: { left: number[][]; kept: number[][] } | null
}

/** One learner answer against one reference: what each step of `judge` reads. */
interface Pair extends IdiomPlaces {
  /** The example and this reference, as a short memo key. */
  key: string
  reference: string
  userText: string
  ref: EnglishText
  user: EnglishText
  glosses: Gloss[]
  /** Where the idiom stands in the Spanish sentence, as a share of its length (0–1), or null. */
  snippetAt: number | null
  /** Where the idiom's words begin and end in the Spanish sentence, as shares of its length. */
  snippetSpan: [number, number] | null
  /** The Spanish sentence negates the idiom ("no hizo lugar"). */
  spanishNegated: boolean
  /** The idiom, quoted, and the meaning to name in feedback. */
  idiomName: string
  meaning: string
}

/** How the words of the two texts compare, the idiom's own words aside. */
interface WordComparison {
  /** Reference words and expressions the learner has nothing for. */
  missing: Unit[]
  /** The learner's words and expressions the reference has nothing for. */
  extra: Unit[]
  /** Whether a reference unit is a detail the rubric lets slip for a minor (name, time, number). */
  isDetail: (u: Unit) => boolean
}

/** A compound ("living room"): matched as a whole, not through its last word. */
function isCompound(text: EnglishText, u: Unit): boolean {
  return (
    u.multi &&
    !isFunctionWord(text.tokens[u.start] ?? '') &&
    !isFunctionWord(text.tokens[u.end] ?? '') &&
    isNounLike(text.tokens[u.end] ?? '')
  )
}

function surfaceOf(text: EnglishText, u: Unit): string {
  const before = text.tokens[u.start - 1] ?? ''
  if (u.start === u.end && text.tokens[u.start] === 'm' && CLOCK.has(before)) return `${before}.m.`
  return text.tokens.slice(u.start, u.end + 1).join(' ')
}

/**
 * A reference word the learner's text matches only through words that stand, as themselves, for
 * other words of the reference: "leave the car." does not say "car … and take a taxi" because
 * "car" is a kind of taxi's general word; the learner's "car" is the reference's "car". One word of
 * the learner's says one word of the reference (as many of it as the reference has).
 */
function saidOnlyByTakenWords(user: EnglishText, u: Unit, refContent: Unit[]): boolean {
  if (u.multi) return false
  const count = (list: Unit[], key: string): number =>
    list.filter((x) => !x.multi && x.keys[0] === key).length
  let matched = false
  for (const x of user.cover) {
    if (x.multi) return false
    if (!unitsMatch(x.asDetail ?? x, u)) continue
    matched = true
    // the same word: its own match
    if (x.keys.some((k) => u.keys.includes(k))) return false
    const key = x.keys[0]!
    const own = refContent.some((v) => v !== u && !v.multi && v.keys[0] === key)
    if (!own || count(user.cover, key) > count(refContent, key)) return false
  }
  return matched
}

/** Whether the learner has something for a reference unit ("kitchen" is a room, not the living room). */
function matchedInUser(ref: EnglishText, user: EnglishText, u: Unit, asDetail = false): boolean {
  const whole = isCompound(ref, u)
  for (let i = u.start; i <= u.end; i++) {
    const covering = ref.units.filter((r) => r.start <= i && i <= r.end && (r.multi || !whole))
    if (covering.some((r) => hasUnit(r, user, asDetail))) return true
  }
  return !u.multi && (saidByLightVerb(ref, user, u) || saidByAntonym(ref, user, u))
}

/**
 * A reference word the learner says through a verb that says "not" of it, or the other way round
 * ("forgot" / "didn't remember", "ignored" / "didn't pay attention"): whether the negations agree
 * is read apart (statementPolarity).
 */
function saidByAntonym(ref: EnglishText, user: EnglishText, u: Unit): boolean {
  if (!hasAntonyms(ref) && !hasAntonyms(user)) return false
  const word = ref.tokens[u.start] ?? ''
  if (antonymNegates(word, lemmaSet(user))) return true
  const refLemmas = lemmaSet(ref)
  return user.tokens.some(
    (t) => antonymNegates(t, refLemmas) && antonymsOf(t).some((w) => u.keys.includes(w)),
  )
}

/** "have" before a participle or "been" is the auxiliary ("had baked"), not "ate" or "owned". */
function auxiliaryAt(tokens: string[], i: number): boolean {
  const next = tokens[i + 1] ?? ''
  return next === 'been' || /^[a-z]+(ed|en)$/.test(next) || isPastForm(next)
}

/** Particles that make a general verb another verb ("gave up", "got over", "took off"). */
const VERB_PARTICLES = new Set(
  'up down in out off on over away back through around along'.split(' '),
)

/**
 * A reference verb the learner says with a general verb that stands for it ("got" for
 * "received"): a general verb of the learner's the reference does not use as often itself, and
 * not the start of a phrasal verb ("gave up" says nothing of "hand it in").
 */
function saidByLightVerb(ref: EnglishText, user: EnglishText, u: Unit): boolean {
  const lightAt = (tokens: string[], i: number): string | null => {
    const t = tokens[i]!
    if (isFunctionWord(t) && !['have', 'has', 'had', 'having', 'let'].includes(t)) return null
    const light = lemmasOf(t).find(isLightVerb)
    if (!light || (light === 'have' && auxiliaryAt(tokens, i))) return null
    return VERB_PARTICLES.has(tokens[i + 1] ?? '') ? null : light
  }
  const count = (tokens: string[], light: string): number =>
    tokens.filter((_, i) => lightAt(tokens, i) === light).length
  return user.tokens.some((_, i) => {
    const light = lightAt(user.tokens, i)
    if (!light || !u.keys.some((k) => lightVerbSays(light, k))) return false
    return count(user.tokens, light) > count(ref.tokens, light)
  })
}

/** Where the learner's text says each meaning phrase: the same for every reference (last answer kept). */
let lastMatches: [EnglishText | null, Gloss[] | null, ReturnType<typeof findAnswerMatches>] = [
  null,
  null,
  { userMatches: [], userAll: new Set() },
]
function answerMatches(user: EnglishText, glosses: Gloss[]) {
  if (lastMatches[0] !== user || lastMatches[1] !== glosses)
    lastMatches = [user, glosses, findAnswerMatches(user, glosses)]
  return lastMatches[2]
}
function findAnswerMatches(user: EnglishText, glosses: Gloss[]) {
  const userMatches: { gloss: Gloss; span: number[] }[] = []
  const userAll = new Set<number>()
  for (const g of glosses) {
    const m = matchGloss(g, user)
    if (!m || inOtherCompounds(g, user, m)) continue
    for (const i of m) userAll.add(i)
    userMatches.push({ gloss: g, span: m })
  }
  return { userMatches, userAll }
}

/**
 * Whether every word the learner's text says a meaning phrase with modifies a compound noun of
 * the learner's that the phrase does not hold ("the left wing and the right wing" does not say
 * "left and right": a wing is said, not a direction; a compound's head, "talk" of "sweet talk",
 * still says its word).
 */
function inOtherCompounds(gloss: Gloss, text: EnglishText, span: number[]): boolean {
  const first = span[0]!
  const last = span[span.length - 1]!
  for (const i of span) {
    const u = text.cover.find((c) => c.start <= i && i <= c.end)
    if (!u || !nounCompound(text, u) || i === u.end || (u.start >= first && u.end <= last))
      return false
    for (let k = u.start; k <= u.end; k++)
      if (!gloss.analysed.tokens.includes(text.tokens[k]!)) break
      else if (k === u.end) return false
  }
  return true
}

/**
 * A multi-word unit that names a thing ("left wing", "dark horse"): content words at both ends,
 * the first no verb's form ("take care", "starting point"), the last with a sense other than a
 * verb's ("wing").
 */
function nounCompound(text: EnglishText, u: Unit): boolean {
  if (!u.multi) return false
  const head = text.tokens[u.start] ?? ''
  const tail = text.tokens[u.end] ?? ''
  return (
    !isFunctionWord(head) &&
    !isFunctionWord(tail) &&
    !isLightVerb(verbLemma(head)) &&
    // a verb's form that names the thing's use says that act ("the starting point" is the start)
    !head.endsWith('ing') &&
    !isPastForm(tail) &&
    nonVerbSensesOf(tail, 7).size > 0
  )
}

/**
 * Whether a learner's word modifies a compound noun of the learner's that the reference lacks
 * ("left" of "left wing"; not the compound's head).
 */
function inCompoundOfOwn(user: EnglishText, i: number, ref: EnglishText): boolean {
  const u = user.cover.find((c) => c.start <= i && i <= c.end)
  return (
    u !== undefined &&
    i < u.end &&
    nounCompound(user, u) &&
    !ref.units.some((r) => r.multi && r.keys.some((k) => u.keys.includes(k)))
  )
}

/**
 * Finds the idiom's meaning in both texts. A reference that says it twice ("gets straight to the
 * point and doesn't beat around the bush") where the learner says it once keeps only the place
 * the learner kept: the other is a clause left out. Without a meaning phrase in the learner's
 * text, the reference's idiom words carried over (with synonyms) count.
 */
function locateIdiom(
  /** The example and reference, as a short memo key. */
  key: string,
  ref: EnglishText,
  user: EnglishText,
  glosses: Gloss[],
): IdiomPlaces {
  // what depends on the reference only: its meaning phrases, their places, its content words
  const { refMatches, refContent, refPlaces } = memo(`m\u0003${key}`, () => {
    const refMatches = glosses.flatMap((g) => {
      const m = matchGloss(g, ref)
      return m ? [{ gloss: g, span: m }] : []
    })
    return {
      refMatches,
      refContent: ref.cover.filter((u) => !ref.opening.has(u.start)),
      refPlaces: placesOf(refMatches.flatMap((m) => m.span)),
    }
  })
  const { userMatches, userAll } = answerMatches(user, glosses)
  const unsaid = new Set<number>()
  const userPlaces = placesOf([...userAll])
  let replaced = false
  let replacedAt: { left: number[][]; kept: number[][] } | null = null
  if (userMatches.length > 0 && refPlaces.length > userPlaces.length) {
    const left: number[][] = []
    const kept: number[][] = []
    for (const place of refPlaces) {
      const units = refContent.filter((u) => place.includes(u.start))
      if (units.length > 0 && !units.some((u) => hasUnit(u, user))) {
        for (const i of place) unsaid.add(i)
        left.push(place)
      } else kept.push(place)
    }
    // the learner's meaning phrases all stand where the reference's kept places stand, none where
    // a left-out place stands: that place was said in other words of the learner's own
    const at = (place: number[], length: number): number =>
      (place[0]! + place[place.length - 1]!) / 2 / Math.max(1, length)
    const distance = (u: number[], r: number[]): number =>
      Math.abs(at(u, user.tokens.length) - at(r, ref.tokens.length))
    replaced =
      kept.length > 0 &&
      left.length > 0 &&
      userPlaces.every((u) => left.every((l) => kept.some((k) => distance(u, k) < distance(u, l))))
    if (replaced) replacedAt = { left, kept }
  }
  let refSpan: number[] | null = null
  let refGloss: Gloss | null = null
  const idiomInRef = new Set<number>()
  let refExact = false
  for (const { gloss, span } of refMatches) {
    if (span.some((i) => unsaid.has(i))) continue
    for (const i of span) idiomInRef.add(i)
    // a phrase the reference says word for word wins over one found through synonyms ("Don't
    // provoke your brother, he'll end up crying": "provoke", not "wind someone up" through "end
    // up"); then the longest phrase, and one that holds another ("if you don't ask, you don't
    // get" holds "you don't get")
    const exact = saidWordForWord(gloss, ref.tokens, span)
    if (
      !refSpan ||
      (exact && !refExact) ||
      (exact === refExact &&
        (holds(span, refSpan) || (!holds(refSpan, span) && span.length > refSpan.length)))
    ) {
      refSpan = span
      refGloss = gloss
      refExact = exact
    }
  }
  let userSpan: number[] | null = null
  let userGloss: Gloss | null = null
  for (const { gloss, span: m } of ownWordsAside(
    ref,
    user,
    refSpan,
    userMatches.filter(
      ({ gloss, span }) =>
        !nounForVerb(gloss, user, span, ref, refSpan) &&
        !saidOfOwnSubject(gloss, user, span, ref, refSpan),
    ),
  )) {
    if (!userSpan || holds(m, userSpan) || (!holds(userSpan, m) && m.length > userSpan.length)) {
      userSpan = m
      userGloss = gloss
    }
  }
  if (!userSpan && refSpan && refSpan.length > 0) {
    const inSpan = new Set(refSpan)
    const idiomUnits = refContent.filter((u) => inSpan.has(u.start))
    // a learner's word that is also the reference's own word outside its idiom ("turned out" in
    // both) stands for that word, not for an idiom word it shares a rare sense with ("crook" /
    // "turn"): the same word carries over, a synonym of it does not
    const outside = new Set(
      ref.units
        .filter((u) => !ref.opening.has(u.start) && !inSpan.has(u.start) && !inSpan.has(u.end))
        .flatMap((u) => u.keys),
    )
    const stands = (x: Unit, u: Unit): boolean =>
      unitsMatch(x, u) &&
      (x.keys.some((k) => u.keys.includes(k)) || !x.keys.some((k) => outside.has(k)))
    // a phrasal verb of the reference's ("cutting you off") that no unit of the learner's says is
    // carried over only with its particle: the same verb without it, something else in its place
    // ("cut you some slack"), says another thing
    const particlesKept = (u: Unit): boolean => {
      const particles: string[] = []
      for (let i = u.start + 1; i <= u.end; i++)
        if (u.multi && SPLIT_PARTICLES.has(ref.tokens[i]!)) particles.push(ref.tokens[i]!)
      // a phrasal verb said around its object ("cut my brother off"): a unit at its verb
      for (const r of ref.units)
        if (r.multi && r.start === u.start && r.end === u.start)
          particles.push(...r.keys.map((k) => k.slice(k.lastIndexOf(' ') + 1)))
      if (particles.length === 0) return true
      // the same verb, not a synonym with a particle of its own ("dash out" for "rush off")
      const verb = lemmasOf(ref.tokens[u.start]!)
      if (!user.tokens.some((t) => lemmasOf(t).some((l) => verb.includes(l)))) return true
      return particles.some((t) => user.tokens.includes(t))
    }
    // "this week" is not carried over by "a later week": another one
    const pointedAt = (u: Unit): boolean =>
      !u.multi &&
      DEMONSTRATIVES.has(ref.tokens[u.start - 1] ?? '') &&
      user.units.some((x) => stands(x, u) && indefiniteBefore(user.tokens, x.start))
    const carriedOver = (u: Unit): boolean =>
      !pointedAt(u) &&
      matchedInUser(ref, user, u) &&
      (user.units.some((x) => stands(x, u)) || !user.units.some((x) => unitsMatch(x, u))) &&
      particlesKept(u)
    // a past form of the reference's ("dressed") is a verb: not carried over by a learner's
    // noun (after a determiner, an adjective between or not) met only through a sense of
    // another part of speech ("put on my oldest clothes" does not say "dressed up": "clothes" is a
    // "dress", not "dressing")
    const saidAsVerb = (u: Unit): boolean => {
      const word = ref.tokens[u.start]!
      if (!isPastForm(word) || NOUN_DETERMINERS.has(ref.tokens[u.start - 1] ?? '')) return true
      const facts = factsOf(word, REFERENCE_SENSE_RANK, -1)
      const matches = user.units.filter((x) => !x.multi && unitsMatch(x, facts))
      return (
        matches.length === 0 ||
        matches.some(
          (x) => x.keys.some((k) => facts.keys.includes(k)) || !nounInPlace(user.tokens, x.start),
        )
      )
    }
    if (idiomUnits.length > 0 && idiomUnits.every(carriedOver) && idiomUnits.every(saidAsVerb)) {
      const carried = idiomUnits.flatMap((u) =>
        user.units.filter((x) => stands(x, u)).map((x) => x.start),
      )
      carried.sort((a, b) => a - b)
      // the reference's "washed his hands of it" without its "of" is the literal act; its "left"
      // said only inside the learner's "left wing" is another thing
      if (
        (!refGloss || !trailingOf(refGloss) || ofAfter(user, carried)) &&
        !(carried.length > 0 && carried.every((i) => inCompoundOfOwn(user, i, ref)))
      )
        userSpan = carried
    }
  }
  return {
    refSpan,
    refGloss,
    idiomInRef,
    userSpan,
    userGloss,
    userAll,
    unsaid,
    replaced: replacedAt,
  }
}

/**
 * Whether the learner's text has a verb phrase's first word as a noun or an adjective, right
 * after a determiner ("the witnesses disputed it" for "witness", "a close eye" for "close one's
 * eyes to"), where the reference says its idiom otherwise (not "a waste of effort" itself).
 */
function nounForVerb(
  gloss: Gloss,
  user: EnglishText,
  span: number[],
  ref: EnglishText,
  refSpan: number[] | null,
): boolean {
  if (!gloss.verbal) return false
  const { cover } = gloss.analysed
  // the phrase opens with its verb ("close" of "close one's eyes to", not "have" of "have one's
  // head in the clouds")
  if (cover[0]?.start !== 0 || cover[0].light) return false
  const before = span[0]! - 1
  if (!DETERMINERS.has(user.tokens[before] ?? '')) return false
  if (refSpan && DETERMINERS.has(ref.tokens[refSpan[0]! - 1] ?? '')) return false
  // a verb and its object said as an adjective and a noun ("a close eye", but "the work to rule"
  // word for word is the phrase); one word as the noun a clause opens with ("The witnesses
  // disputed …"), not a light verb's object ("called a break")
  // a word WordNet has as a noun only is a noun wherever it stands ("the money's good" says "money")
  const verb = cover[0].keys.some((k) => nonVerbSensesOf(k, 7).size < sensesOf(k, 7).size)
  if (!verb) return false
  // the learner's word there stands for the phrase's verb ("your nose" of "keep your nose out of
  // it" is the object of "poke one's nose in", whose verb is not said)
  const said = user.units.find((u) => u.start === span[0] && unitsMatch(u, cover[0]!))
  if (!said) return false
  if (cover.length > 1) return span.length > 1 && !saidWhole(gloss, user)
  if (before === 0 || clauseStarts(user).has(before)) return true
  // a light verb's object still says the phrase's verb where the noun names that act ("called a
  // break"), not where it is a noun only, met through a noun sense of the verb ("had a headache"
  // is no "worry": a headache is a worry as a thing that troubles, not as the act)
  return !said.multi && said.keys.every((k) => !keyHasVerbSense(k))
}

/** The subject of the clause a span stands in: the nearest pronoun or content word before it. */
function subjectBefore(tokens: string[], at: number): string | null {
  for (let i = at - 1; i >= Math.max(0, at - 3); i--) {
    const t = tokens[i]!
    if (SUBJECT_PRONOUNS.has(t) || !isFunctionWord(t)) return t
  }
  return null
}

/**
 * A meaning phrase with a subject of its own ("she calls the shots": the other one rules) said by
 * the learner of the reference idiom's own subject ("Martín wears the trousers" for "Martín is
 * henpecked"): the roles are the other way round, the phrase is not said.
 */
function saidOfOwnSubject(
  gloss: Gloss,
  user: EnglishText,
  span: number[],
  ref: EnglishText,
  refSpan: number[] | null,
): boolean {
  const { tokens } = gloss.analysed
  if (!refSpan || !SUBJECT_PRONOUNS.has(tokens[0] ?? '') || span.length < 2) return false
  const said = subjectBefore(user.tokens, span[0]!)
  // the learner said the phrase's own subject ("she calls the shots", "you won't get")
  if (said === tokens[0] || user.tokens[span[0]!] === tokens[0]) return false
  return said !== null && said === subjectBefore(ref.tokens, refSpan[0]!)
}

/**
 * A word read as a noun by its place: right after a determiner ("my clothes"), or after a
 * determiner and one content word ("my oldest clothes"), itself no past form and no light verb's
 * object.
 */
function nounInPlace(tokens: string[], i: number): boolean {
  if (isPastForm(tokens[i] ?? '')) return false
  const at = NOUN_DETERMINERS.has(tokens[i - 1] ?? '')
    ? i - 1
    : // "her" before two words is their determiner ("her oldest clothes"), not an object
      (NOUN_DETERMINERS.has(tokens[i - 2] ?? '') || tokens[i - 2] === 'her') &&
        !isFunctionWord(tokens[i - 1] ?? '')
      ? i - 2
      : -1
  // a light verb's object says an act ("got the idea" is "thought")
  return at > 0 ? !isLightVerb(verbLemma(tokens[at - 1]!)) : at === 0
}

/** Whether WordNet has a verb sense for a word (a noun only, "headache", has none). */
function keyHasVerbSense(key: string): boolean {
  return nonVerbSensesOf(key, 7).size < sensesOf(key, 7).size
}

/**
 * The learner's meaning phrases, less those whose words are only the sentence's own ordinary
 * words: the same words the reference says outside its idiom ("just around the corner" found in
 * "far away from the corner" where the reference is "right there, on the corner"; "you have to
 * ask" in "Ask the landlord …" where the reference adds "if you don't ask, you don't get").
 * Where the reference's idiom is not found, every phrase is kept.
 */
function ownWordsAside(
  ref: EnglishText,
  user: EnglishText,
  refSpan: number[] | null,
  userMatches: { gloss: Gloss; span: number[] }[],
): { gloss: Gloss; span: number[] }[] {
  if (!refSpan || userMatches.length === 0) return userMatches
  const idiom = new Set(refSpan)
  const ordinary = ref.cover.filter(
    (u) => !u.light && !ref.opening.has(u.start) && !idiom.has(u.start) && !idiom.has(u.end),
  )
  if (ordinary.length === 0) return userMatches
  const count = (units: Unit[], key: string): number =>
    units.filter((u) => u.keys.includes(key)).length
  // a word the learner says more often than the reference's ordinary words do is said again for
  // the idiom ("Ask the boss …; you have to ask")
  const own = (i: number): boolean =>
    user.units.some(
      (x) =>
        x.start <= i &&
        i <= x.end &&
        x.keys.some((k) => count(ordinary, k) > 0 && count(user.units, k) <= count(ordinary, k)),
    )
  // the whole phrase, its small words too, is the phrase ("just around the corner")
  return userMatches.filter(({ gloss, span }) => saidWhole(gloss, user) || !span.every(own))
}

/** The gloss's words, all of them, in a row in `text` (verbs in any form). */
function saidWhole(gloss: Gloss, text: EnglishText): boolean {
  const { tokens } = gloss.analysed
  // each word as said or in a dictionary form ("gave up" says "give up")
  outer: for (let i = 0; i + tokens.length <= text.tokens.length; i++) {
    for (let k = 0; k < tokens.length; k++) {
      const word = text.tokens[i + k]!
      if (word !== tokens[k] && !lemmasOf(word).includes(tokens[k]!)) continue outer
    }
    return true
  }
  return false
}

/** Per text, whether it says a gloss reversed (a learner's text is compared with each reference). */
const reversedIn = new WeakMap<EnglishText, Map<Gloss, boolean>>()
function saysReversed(gloss: Gloss, text: EnglishText): boolean {
  let known = reversedIn.get(text)
  if (!known) {
    known = new Map()
    reversedIn.set(text, known)
  }
  let reversed = known.get(gloss)
  if (reversed === undefined) {
    reversed = glossReversed(gloss, text)
    known.set(gloss, reversed)
  }
  return reversed
}

/** The idiom's meaning said reversed ("right in the loop", "I believe you"), or null. */
function reversedIdiom(p: Pair): Judgement | null {
  // only where no meaning phrase matched (the reference's words carried over do not count)
  if (p.userGloss) return null
  if (!p.glosses.some((g) => saysReversed(g, p.user) && !saysReversed(g, p.ref))) return null
  return {
    rank: 0,
    accuracy: 'major',
    mistakeType: 'meaning',
    feedback: `Your translation says the opposite of the idiom: ${p.idiomName} means "${p.meaning}".`,
    confidence: TRANSLATION_CONFIDENCE.opposite,
  }
}

/**
 * The Spanish negates the idiom ("El tribunal no hizo lugar al pedido"), the reference says it
 * with an opposite word that no meaning phrase finds ("refused"), and the learner says a meaning
 * phrase of the idiom without a negation ("granted the request"): the sentence reversed, a major,
 * or null.
 */
function unnegatedIdiom(p: Pair): Judgement | null {
  if (!p.spanishNegated || p.refSpan || !p.userSpan || !p.userGloss) return null
  if (spanNegative(p.user, p.userSpan, p.userGloss)) return null
  // a negator anywhere earlier in the idiom's clause ("Don't give me that sweet talk"), or
  // "stop" right before it ("Stop sweet-talking me")
  const starts = clauseStarts(p.user)
  if (STOP.has(p.user.tokens[p.userSpan[0]! - 1] ?? '')) return null
  for (let i = p.userSpan[0]! - 1; i >= 0; i--) {
    if (negatesAt(p.user.tokens, i)) return null
    if (starts.has(i)) break
  }
  return {
    rank: 0,
    accuracy: 'major',
    mistakeType: 'meaning',
    feedback: `Your translation says the opposite: the sentence says "no" to ${p.idiomName} ("${p.meaning}"), and you wrote it as done.`,
    confidence: TRANSLATION_CONFIDENCE.opposite,
  }
}

/** The content words of the idiom's meaning phrases, in their dictionary forms, per gloss list. */
const meaningWordsCache = new WeakMap<Gloss[], Set<string>>()
function meaningWords(glosses: Gloss[]): Set<string> {
  let found = meaningWordsCache.get(glosses)
  if (!found) {
    found = new Set()
    // a phrase's own word only where it says what it says: not inside a longer expression ("fall
    // for", "first-rate"), not negated ("pretend not to notice"), not a general verb ("come")
    for (const g of glosses) {
      if (g.negative) continue
      for (const u of g.analysed.cover) {
        const t = g.analysed.tokens[u.start] ?? ''
        if (u.multi || u.light || u.keys.some(isLightVerb) || isFunctionWord(t)) continue
        for (const l of lemmasOf(t)) found.add(l)
      }
    }
    meaningWordsCache.set(glosses, found)
  }
  return found
}

/**
 * The learner says a word whose WordNet antonym is a word of the idiom's meaning phrases
 * ("unknown" where the idiom means "publicly known", "proudly" where it means "humbled"), and
 * neither says that word nor the reference the learner's: the idiom's meaning reversed, a major,
 * or null.
 */
function antonymOfMeaning(p: Pair): Judgement | null {
  const span = p.userSpan
  if (!span) return null
  const meaning = meaningWords(p.glosses)
  // right at the learner's meaning phrase ("still unknown to the public"): a word elsewhere is
  // the sentence's own
  const from = windowStart(p.user.tokens, span[0]!)
  const to = Math.min(p.user.tokens.length - 1, span[span.length - 1]! + NEGATION_WINDOW)
  for (let i = from; i <= to; i++) {
    const t = p.user.tokens[i]!
    // most words have no antonym a meaning says: ruled out before the texts' word sets are made
    if (!wordNetAntonymsOf(t).some((a) => meaning.has(a))) continue
    const refForms = lemmaSet(p.ref)
    if (isFunctionWord(t) || lemmasOf(t).some((f) => refForms.has(f) || isLightVerb(f))) continue
    // a word of a meaning phrase or expression the learner said ("cool things down", "slipped
    // my mind") is that phrase's
    if (p.userAll.has(i) || p.user.units.some((u) => u.multi && u.start <= i && i <= u.end))
      continue
    // "not know" says "ignore"
    if (negatesAt(p.user.tokens, i - 1) || negatesAt(p.user.tokens, i - 2)) continue
    const userForms = lemmaSet(p.user)
    const opposite = wordNetAntonymsOf(t).find((a) => meaning.has(a) && !userForms.has(a))
    if (!opposite) continue
    return {
      rank: 0,
      accuracy: 'major',
      mistakeType: 'meaning',
      feedback: `Your translation says the opposite of the idiom: you wrote "${p.user.surfaces[i] ?? t}", the opposite of "${opposite}". ${p.idiomName} means "${p.meaning}".`,
      confidence: TRANSLATION_CONFIDENCE.opposite,
    }
  }
  return null
}

/**
 * A noun of one text said in the other by a direct kind of it or by its general word, which the
 * packed senses do not link ("burglars" / "thieves", "money" / "funds", "parent" / "mother"; the
 * lexicon's `kinds`, decision 055): the same detail, no slip. Siblings ("mother" / "father",
 * "kitchen" / "bedroom") are never linked. Only for details: a word that modifies the noun after
 * it ("sales report": it says which kind of report), a time or a number is compared as before.
 */
function kindSaid(text: EnglishText, u: Unit, other: EnglishText): boolean {
  if (u.multi || !u.keys.some(hasKinds) || !kindNoun(text, u.start)) return false
  for (const x of other.cover) {
    if (x.multi || !x.keys.some(hasKinds)) continue
    let linked = false
    for (const k of u.keys) for (const j of x.keys) linked ||= kindOf(k, j) || kindOf(j, k)
    if (linked && kindNoun(other, x.start)) return true
  }
  return false
}

/** Whether a key is in the lexicon's kinds, as a specific or a general word. */
function hasKinds(key: string): boolean {
  return kindParentsOf(key).length > 0 || kindSenseOf(key) !== undefined
}

/** Whether the word at `i` is a noun the kinds may link: a head, not a time or number. */
function kindNoun(text: EnglishText, i: number): boolean {
  const word = text.tokens[i] ?? ''
  if (isFunctionWord(word) || isDetailWord(word) || isLightVerb(verbLemma(word))) return false
  const next = text.tokens[i + 1]
  return next === undefined || isFunctionWord(next) || !isNounLike(next)
}

/** Whether `specific` is a direct kind of `general` in the lexicon's kinds. */
function kindOf(specific: string, general: string): boolean {
  const id = kindSenseOf(general)
  return id !== undefined && kindParentsOf(specific).includes(id)
}

/**
 * The forms a word marked as a woman's takes for a man, by English morphology alone: "actress" /
 * "actor", "waitress" / "waiter", "hostess" / "host", "princess" / "prince", "headmistress" /
 * "headmaster", "chairwoman" / "chairman", "schoolgirl" / "schoolboy" (plurals alike). Empty for
 * a word with no such mark.
 */
function masculineForms(word: string): readonly string[] {
  if (!FEMININE_MARK.test(word)) return NO_FORMS
  let forms = masculineCache.get(word)
  if (forms) return forms
  const found: string[] = []
  const swap = word
    .replace(/woman$/, 'man')
    .replace(/women$/, 'men')
    .replace(/mistress(es)?$/, (_, s) => (s ? 'masters' : 'master'))
    .replace(/girl(s?)/, 'boy$1')
  if (swap !== word) found.push(swap)
  const ess = /^([a-z]{3,}?)(t?)ress(es)?$|^([a-z]{3,})ess(es)?$/.exec(word)
  if (ess?.[1]) {
    const plural = ess[3] ? 's' : ''
    found.push(`${ess[1]}${ess[2]}er${plural}`, `${ess[1]}${ess[2]}or${plural}`)
  }
  if (ess?.[4]) {
    const plural = ess[5] ? 's' : ''
    found.push(`${ess[4]}${plural}`, `${ess[4]}e${plural}`)
  }
  forms = found
  if (masculineCache.size >= 10_000) masculineCache.clear()
  masculineCache.set(word, forms)
  return forms
}
/** A word that may carry a woman's mark (masculineForms); the rest are passed over at once. */
const FEMININE_MARK = /ess(es)?$|wom[ae]n$|girl/
const NO_FORMS: readonly string[] = []
const masculineCache = new Map<string, readonly string[]>()

/** The men's forms of a text's words marked as a woman's ("waitress": "waiter"), kept per text. */
function masculineOf(text: EnglishText): ReadonlySet<string> {
  let set = masculineSets.get(text)
  if (!set) {
    const forms = text.tokens.flatMap((t) => masculineForms(t))
    set = forms.length > 0 ? new Set(forms) : NO_LEMMAS
    masculineSets.set(text, set)
  }
  return set
}
const masculineSets = new WeakMap<EnglishText, ReadonlySet<string>>()

/**
 * Whether a one-word unit's word names a role whose other-sex form ("headmaster" for
 * "headmistress", "actor" for "actress", "chairwoman" for "chairman") the other text has, and
 * not the word itself. WordNet often makes the one a kind of the other or puts both in one
 * synset, but the learner has changed who the person is, a detail the rubric counts (dad for mom).
 */
function otherSexSaid(text: EnglishText, u: Unit, other: EnglishText): boolean {
  if (u.multi) return false
  const word = text.tokens[u.start] ?? ''
  const forms = masculineForms(word)
  const others = masculineOf(other)
  if (forms.length === 0 && others.size === 0) return false
  if (other.tokens.includes(word)) return false
  return others.has(word) || other.tokens.some((t) => forms.includes(t))
}

/**
 * Whether a one-word unit is a word with a negative prefix whose rest the other text says
 * negated ("non-refundable" / "cannot be refunded"), or a word this text negates that the other
 * says with such a prefix: the same word, its "not" said another way.
 */
function saidByPrefix(text: EnglishText, u: Unit, other: EnglishText): boolean {
  if (u.multi) return false
  const word = text.tokens[u.start] ?? ''
  if (deniedByPrefix(word).some((d) => negatedWords(other).has(d))) return true
  const denied = deniedOf(other)
  if (denied.size === 0) return false
  const negated = negatedWords(text)
  return lemmasOf(word).some((l) => negated.has(l) && denied.has(l))
}

/** Nouns that name people in general ("people in the neighbourhood", "a person who …"). */
const GENERAL_PERSONS: ReadonlySet<string> = new Set([
  'people',
  'person',
  'persons',
  'folk',
  'folks',
])
/** Pronouns that name people in general: anyone, everyone, someone, nobody, whoever. */
const INDEFINITE_PERSONS: ReadonlySet<string> = new Set(
  'anyone anybody everyone everybody someone somebody nobody whoever'.split(' '),
)

/**
 * Whether a reference word naming people in general ("steal from people", "People with a guilty
 * conscience …") is said by the learner's pronoun for anyone ("robs anyone", "Anyone who …"):
 * the same people, no detail left out.
 */
function generalPersonSaid(ref: EnglishText, u: Unit, user: EnglishText): boolean {
  if (u.multi || !GENERAL_PERSONS.has(ref.tokens[u.start] ?? '')) return false
  return user.tokens.some(
    (t, i) => INDEFINITE_PERSONS.has(t) || (t === 'one' && user.tokens[i - 1] === 'no'),
  )
}

/** The reference's words the learner left out and the learner's words the reference lacks. */
function compareWords(p: Pair): WordComparison {
  const { ref, user } = p
  const refContent = ref.cover.filter((u) => !ref.opening.has(u.start))
  // "at Juli's" says "at Juli's place"
  const impliedPlace = (u: Unit): boolean => {
    if (u.multi || !PLACES.has(ref.tokens[u.start] ?? '') || ref.tokens[u.start - 1] !== "'s")
      return false
    const owner = ref.tokens[u.start - 2]
    return user.tokens.some((t, i) => t === owner && user.tokens[i + 1] === "'s")
  }
  const missing = refContent.filter(
    (u) =>
      !u.light &&
      !p.idiomInRef.has(u.start) &&
      (((!matchedInUser(ref, user, u, true) || saidOnlyByTakenWords(user, u, refContent)) &&
        !impliedPlace(u) &&
        !kindSaid(ref, u, user) &&
        !saidByPrefix(ref, u, user) &&
        !generalPersonSaid(ref, u, user)) ||
        otherSexSaid(ref, u, user)),
  )
  const folded = foldedSurfaces(ref)
  const isDetail = (u: Unit): boolean => {
    const word = ref.tokens[u.start] ?? ''
    const at = u.start > 0 ? folded.indexOf(word) : -1
    return isDetailWord(word, at < 0 ? undefined : ref.surfaces[at])
  }
  const userIdiom = new Set(p.userSpan ?? [])
  const extra = user.cover.filter((u) => {
    if (user.opening.has(u.start) || userIdiom.has(u.start)) return false
    // "got offered" for "offered": a general verb adds no detail of its own
    if (!u.multi && u.keys.some(isLightVerb)) return false
    if (otherSexSaid(user, u, ref)) return true
    for (let i = u.start; i <= u.end; i++) {
      const covering = user.units.filter((x) => x.start <= i && i <= x.end)
      if (covering.some((x) => hasUnit(x.asDetail ?? x, ref))) return false
    }
    return !kindSaid(user, u, ref) && !saidByPrefix(user, u, ref)
  })
  return { missing, extra, isDetail }
}

/**
 * The idiom's meaning is not in the learner's text: a major, or null. Where the reference's own
 * words for the idiom are unknown, any missing word that is not a detail may be them, unless the
 * learner's words carry a meaning phrase. Also returns the missing words that are details.
 */
function missingMeaning(
  p: Pair,
  words: WordComparison,
): { judgement: Judgement | null; missingDetails: Unit[] } {
  const { missing, extra, isDetail } = words
  let evidence = p.userSpan !== null
  let missingDetails = missing
  // a role the learner names for the other sex is said, as a changed detail, not the idiom
  const otherSex = (u: Unit): boolean => otherSexSaid(p.ref, u, p.user)
  if (!p.refSpan) {
    if (p.userSpan) {
      missingDetails = missing.filter(
        (u) =>
          isDetail(u) ||
          otherSex(u) ||
          (u.multi ? isCompound(p.ref, u) : isNounLike(p.ref.tokens[u.start] ?? '')),
      )
    } else evidence = missing.every((u) => isDetail(u) || otherSex(u) || farFromIdiom(p, u))
  }
  if (evidence) return { judgement: null, missingDetails }
  return {
    judgement: {
      rank: 0,
      accuracy: 'major',
      mistakeType: 'meaning',
      feedback: `Your translation misses the idiom's meaning: ${p.idiomName} means "${p.meaning}".${
        extra.length
          ? ` You wrote ${quoteList(extra.map((u) => surfaceOf(p.user, u)))}, which does not say that.`
          : ''
      }`,
      // other words where the idiom should be may be a rendering no list knows
      confidence: extra.some((u) => !isDetail(u))
        ? TRANSLATION_CONFIDENCE.missingWithOtherWords
        : TRANSLATION_CONFIDENCE.missingNothingElse,
    },
    missingDetails,
  }
}

/** How far from the Spanish idiom's place a reference word may stand and still be its rendering. */
const IDIOM_REACH = 0.25

/**
 * Whether a reference word stands far from where the Spanish says the idiom (by its place in the
 * sentence, as a share of the length, beyond IDIOM_REACH of the snippet's first and last words):
 * where no meaning phrase finds the idiom in the reference (an admin's idiom with a gloss only),
 * such a word left out or changed ("my brother's wedding" for "my sister's") is a detail of the
 * sentence, not the idiom. Spanish and English put a sentence's parts in much the same order.
 */
function farFromIdiom(p: Pair, u: Unit): boolean {
  if (!p.snippetSpan || p.ref.tokens.length < 2) return false
  const last = p.ref.tokens.length - 1
  const [from, to] = p.snippetSpan
  return u.end / last < from - IDIOM_REACH || u.start / last > to + IDIOM_REACH
}

/**
 * Both texts say the idiom, one negated and one not: a major, or null. "broke" and "have no
 * money" agree: a gloss that carries its own negation cancels it out.
 */
function oppositeIdiom(p: Pair): Judgement | null {
  if (!p.refSpan || !p.userSpan) return null
  const refNegative = spanNegative(p.ref, p.refSpan, p.refGloss)
  if (refNegative === spanNegative(p.user, p.userSpan, p.userGloss)) return null
  // one negator said at another word of the same clause ("don't sign it in a rush" / "don't
  // rush into signing it", "if I don't sleep" / "if I don't get enough sleep")
  if (
    p.refSpan.length > 0 &&
    p.userSpan.length > 0 &&
    clauseNegative(p.ref, p.refSpan, p.refGloss) === clauseNegative(p.user, p.userSpan, p.userGloss)
  )
    return null
  // the learner's longest meaning phrase may be another clause's words ("suggested going on
  // strike, no one stood by him"): another of their meaning phrases said as the reference says
  // the idiom agrees with it
  if (
    p.userGloss &&
    answerMatches(p.user, p.glosses).userMatches.some(
      ({ gloss, span }) => spanNegative(p.user, span, gloss) === refNegative,
    )
  )
    return null
  // "call off the work-to-rule": the verb that undoes the idiom is named
  const cancel = cancellingVerb(p.user, p.userSpan[0]!)
  if (cancel && !cancellingVerb(p.ref, p.refSpan[0]!))
    return {
      rank: 0,
      accuracy: 'major',
      mistakeType: 'meaning',
      feedback: `Your translation says the opposite: "${cancel}" undoes what the idiom says. ${p.idiomName} means "${p.meaning}" and the sentence says it is done.`,
      confidence: TRANSLATION_CONFIDENCE.opposite,
    }
  return {
    rank: 0,
    accuracy: 'major',
    mistakeType: 'meaning',
    feedback: `Your translation says the opposite: check the negation. ${p.idiomName} means "${p.meaning}" and the sentence is ${
      refNegative ? 'negative' : 'positive'
    }.`,
    confidence: TRANSLATION_CONFIDENCE.opposite,
  }
}

/**
 * A place where the reference says the idiom again ("He dumped her … and ran off with …"), left
 * out by the learner with other words of their own in its place ("married her"): the idiom's
 * meaning there is not said but replaced, a major like a missing meaning, or null.
 */
function replacedPlace(p: Pair, words: WordComparison): Judgement | null {
  if (!p.replaced) return null
  const left = words.missing.filter((u) => p.unsaid.has(u.start))
  // the learner's own words where a left-out place stands, in proportion to the sentence
  const at = (u: Unit, length: number): number => (u.start + u.end) / 2 / Math.max(1, length)
  const near = (x: number, place: number[]): number =>
    Math.abs(x - (place[0]! + place[place.length - 1]!) / 2 / Math.max(1, p.ref.tokens.length))
  const { kept } = p.replaced
  // only a place where the Spanish says the idiom: a place said again elsewhere ("gets straight
  // to the point and doesn't beat around the bush") may be rephrased freely
  const placeAt = (place: number[]): number =>
    (place[0]! + place[place.length - 1]!) / 2 / Math.max(1, p.ref.tokens.length - 1)
  const spanish = p.snippetAt
  if (spanish === null) return null
  const leftPlaces = p.replaced.left.filter((l) =>
    kept.every((k) => Math.abs(placeAt(l) - spanish) < Math.abs(placeAt(k) - spanish)),
  )
  if (leftPlaces.length === 0) return null
  const own = words.extra.filter((u) => {
    if (isGeneral(p.user, u) || words.isDetail(u)) return false
    const x = at(u, p.user.tokens.length)
    return leftPlaces.some((l) => kept.every((k) => near(x, l) < near(x, k)))
  })
  if (left.length === 0 || own.length === 0) return null
  return {
    rank: 0,
    accuracy: 'major',
    mistakeType: 'meaning',
    feedback: `Your translation misses the idiom's meaning where the sentence says ${quoteList(left.map((u) => surfaceOf(p.ref, u)))}: ${p.idiomName} means "${p.meaning}". You wrote ${quoteList(own.map((u) => surfaceOf(p.user, u)))}, which does not say that.`,
    confidence: TRANSLATION_CONFIDENCE.missingWithOtherWords,
  }
}

/** A general verb ("get", "came"), or one with function words ("get to know"): how, not what. */
function isGeneral(text: EnglishText, u: Unit): boolean {
  return (
    u.light ||
    (!u.multi && u.keys.some(isLightVerb)) ||
    (u.multi &&
      text.tokens
        .slice(u.start, u.end + 1)
        .every((t) => isFunctionWord(t) || lemmasOf(t).some(isLightVerb)))
  )
}

/**
 * A clause left out: a run of reference words (verbs too) with nothing of the learner's in their
 * place, more of them than the learner's own other words could stand for. Words next to the
 * idiom's own are part of how it is said ("a mess broke out", "came on foot"); words missing
 * here and there are a paraphrase, or details.
 */
function droppedClause(
  p: Pair,
  words: WordComparison,
): {
  omitted: string | null
  candidates: Unit[]
  otherWords: Unit[]
  /** Reference units said in other words at their place (rewordedRun), and where. */
  reworded: Unit[]
  rewording: [number, number][]
} {
  const { ref, refSpan } = p
  const nearIdiom = (u: Unit): boolean =>
    (refSpan ?? []).some((i) => i >= u.start - 2 && i <= u.end + 2)
  const candidates = words.missing.filter((u) => !u.light && !nearIdiom(u))
  const otherWords = words.extra.filter((u) => !isGeneral(p.user, u))
  const runs: Unit[][] = []
  let previous: Unit | undefined
  for (const u of ref.cover) {
    if (u.light) continue
    if (candidates.includes(u)) {
      const last = runs[runs.length - 1]
      if (last && previous && last.at(-1) === previous) last.push(u)
      else runs.push([u])
    }
    previous = u
  }
  // short runs the learner said in words of their own, at the same place: neither left out nor
  // changed details (worked out only for a run that would count as left out)
  const reworded: Unit[] = []
  const rewording: [number, number][] = []
  const saidAgain = (r: Unit[]): boolean => {
    const range = rewordedRun(p, r, words)
    if (!range) return false
    reworded.push(...r)
    rewording.push(range)
    return true
  }
  // without the idiom found in the reference, one missing word may be where it was said
  const allowance = otherWords.length + (refSpan ? 0 : 1)
  // a general verb alone is how it was said; with another word it is a clause
  const dropped = runs.find(
    (r) =>
      (r.filter((u) => !isGeneral(ref, u)).length > allowance ||
        (r.length >= 2 && r.length > allowance)) &&
      !saidAgain(r),
  )
  const omitted = dropped
    ? clauseOf(ref, dropped, p.reference)
    : otherWords.length === 0
      ? lightClauseLeftOut(p)
      : null
  return { omitted, candidates, otherWords, reworded, rewording }
}

/** How many content units a short clause said in other words may have (see rewordedRun). */
const MAX_REWORDED = 3
/** How many more words than the reference's the learner's wording of it may take. */
const REWORDED_SLACK = 4

/**
 * A short run of the reference's words with a verb in it ("owes money", "show up", "don't have
 * enough left") that the learner said in words of their own at the same place: between the same
 * words of the sentence that both texts keep ("before the cops …": "get here"; "I can't even …
 * the subway": "afford"), or between one of them and the sentence's end. A clause said in other
 * words, not left out: the learner's token range that says it, or null. Not a run with nothing
 * of the learner's in its place, a long run, a run whose neighbours the learner does not keep,
 * nor a run or a wording with a detail in it (a thing, a time, a number, a name: "bought a car"
 * / "rented a house", "in the second half" / "in the first": a changed detail is minor).
 */
function rewordedRun(p: Pair, run: Unit[], words: WordComparison): [number, number] | null {
  if (run.length > MAX_REWORDED) return null
  const { ref, user } = p
  // the run says what is done or how, not who or what: no detail the rubric counts in it, nor
  // a noun ("the whole family" / "my parents"); an adverb of manner the lexicon lacks
  // ("openly") is none, though words it lacks are otherwise taken for rare nouns
  const detail = (text: EnglishText, u: Unit): boolean => {
    if (u.multi || words.isDetail(u)) return isDetailUnit(text, u, words.isDetail)
    const t = text.tokens[u.start]!
    if (/ly$/.test(t) && !inLexicon(t)) return false
    return isNounLike(t) || isDetailUnit(text, u, words.isDetail)
  }
  if (run.some((u) => detail(ref, u))) return null
  const first = run[0]!.start
  const last = run[run.length - 1]!.end
  let before: Unit | undefined
  let after: Unit | undefined
  for (const u of ref.cover) {
    if (u.light || words.missing.includes(u)) continue
    if (u.end < first) before = u
    else if (u.start > last && !after) after = u
  }
  if (!before && !after) return null
  const kept = (u: Unit): Unit | undefined => user.cover.find((x) => unitsMatch(x, u))
  let from = -1
  let to = user.tokens.length
  if (before) {
    const at = kept(before)
    if (!at) return null
    from = at.end
  }
  if (after) {
    const at = kept(after)
    if (!at) return null
    to = at.start
  }
  if (to <= from + 1 || to - from - 1 > last - first + 1 + REWORDED_SLACK) return null
  const refLemmas = lemmaSet(ref)
  let own = false
  for (let i = from + 1; i < to && !own; i++) {
    const t = user.tokens[i]!
    // a general verb ("got the loan" for "paid back the loan") says too little to stand for it
    own = !isFunctionWord(t) && !lemmasOf(t).some((l) => refLemmas.has(l) || isLightVerb(l))
  }
  if (!own) return null
  // nor in the learner's words in its place: a thing, a time or a name there is a detail added
  if (words.extra.some((u) => u.start > from && u.end < to && detail(user, u))) return null
  return [from, to]
}

/**
 * A clause of the reference made of small words ("she's always there when you need her") of
 * which the learner wrote none, the idiom's own aside: left out, though it has no content word
 * for `droppedClause` to miss.
 */
function lightClauseLeftOut(p: Pair): string | null {
  const said = lemmaSet(p.user)
  const parts = memo(`c\u0003${p.key}`, () =>
    p.reference.split(/(?<=[,;:])/).map((part) => [part, tokeniseEnglish(part)] as const),
  )
  let offset = 0
  for (const [part, tokens] of parts) {
    const own = tokens.filter(
      (t, k) =>
        !PHRASE_GAPS.has(t) &&
        !personOf(t) &&
        !AUXILIARIES.has(t) &&
        t !== "'s" &&
        !p.idiomInRef.has(offset + k),
    )
    const idiomHere = tokens.some((_, k) => p.idiomInRef.has(offset + k))
    offset += tokens.length
    if (idiomHere || own.length < MIN_LIGHT_CLAUSE) continue
    if (own.every((t) => !lemmasOf(t).some((l) => said.has(l))))
      return part.trim().replace(/[\s,;:.!?]+$/u, '')
  }
  return null
}

/**
 * The sentence's statements negated in one text and not the other (the idiom's own negation is
 * compared by `oppositeIdiom` when both texts show it): a major, or null. A negated clause counts
 * unless the other text left it out: its words are not there and nothing else stands in their
 * place ("Don't act like a cop." for "…, nobody is doing anything wrong"); the idiom's own words
 * always count, and the learner's words for the idiom keep no clause of the reference ("I gave
 * up." for "I gave up and didn't hand it in": "hand in" is a synonym of "give up").
 */
function oppositeStatement(
  p: Pair,
  candidates: Unit[],
  otherWords: Unit[],
  missing: Unit[],
): Judgement | null {
  const { ref, user } = p
  const both = p.refSpan !== null && p.userSpan !== null
  if (sameNegatorCount(p)) return null
  const userIdiom = new Set(p.userSpan ?? [])
  const keptIn =
    (text: EnglishText, other: EnglishText, idiom: Set<number>, standIns: boolean) =>
    (i: number): boolean =>
      standIns ||
      idiom.has(i) ||
      text.units.some((u) => u.start <= i && i <= u.end && (u.light || hasUnit(u, other))) ||
      !text.units.some((u) => u.start <= i && i <= u.end)
  const userOutsideIdiom: EnglishText = {
    ...user,
    units: user.units.filter((u) => !userIdiom.has(u.start)),
  }
  const refPolarity = statementPolarity(
    p.reference,
    ref,
    both ? p.refSpan : null,
    p.refGloss,
    keptIn(ref, userOutsideIdiom, p.idiomInRef, otherWords.length > 0),
    true,
    user,
  )
  const userPolarity = statementPolarity(
    p.userText,
    user,
    both ? p.userSpan : null,
    p.userGloss,
    keptIn(user, ref, userIdiom, candidates.length > 0 || idiomWordLeftOut(p, missing)),
    false,
    ref,
  )
  const expectDifferent = !both && p.userSpan !== null && (p.userGloss?.negative ?? false)
  if ((refPolarity.negative !== userPolarity.negative) === expectDifferent) return null
  // name the negated clause: the reference's if it has one, else the learner's
  const [text, clause] = refPolarity.clause
    ? ['The sentence says', refPolarity.clause]
    : ['You wrote', userPolarity.clause]
  return {
    rank: 0,
    accuracy: 'major',
    mistakeType: 'meaning',
    feedback: `Your translation says the opposite of the sentence: check the negation (not, no, never, nobody).${
      clause ? ` ${text} "${clause}".` : ''
    }`,
    confidence: TRANSLATION_CONFIDENCE.opposite,
  }
}

/** How many words of a text negate what follows them (kept per text). */
function negatorCount(text: EnglishText): number {
  let n = negatorCounts.get(text)
  if (n === undefined) {
    n = 0
    for (let i = 0; i < text.tokens.length; i++) if (negatesAt(text.tokens, i)) n++
    negatorCounts.set(text, n)
  }
  return n
}
const negatorCounts = new WeakMap<EnglishText, number>()

/**
 * Both texts negate as often, the learner says the idiom's meaning, and neither says it by a
 * meaning that is itself negative ("not show up"): each "not" of one has its "not" in the other, said of words of its own ("No one
 * would pull over" for "Nobody was stopping"), so the statement is not turned round. A "not"
 * moved to another word with every word kept is `negationMoved`'s.
 */
function sameNegatorCount(p: Pair): boolean {
  if (p.userSpan === null || p.refGloss?.negative || p.userGloss?.negative) return false
  const n = negatorCount(p.ref)
  return n > 0 && n === negatorCount(p.user)
}

/**
 * Where the learner's meaning phrase is only the reference's own words ("crashed" found as
 * "wreck" in both) and a content word of the reference is left out ("totalled"): that word may
 * be where the reference says the idiom, so the learner's own words may stand in its place
 * ("came out without a scratch").
 */
function idiomWordLeftOut(p: Pair, missing: Unit[]): boolean {
  const { userSpan, refSpan } = p
  if (!userSpan || !refSpan) return false
  const lemmas = (text: EnglishText, span: number[]): string =>
    span.map((i) => verbLemma(text.tokens[i] ?? '')).join(' ')
  if (lemmas(p.user, userSpan) !== lemmas(p.ref, refSpan)) return false
  return missing.some((u) => !u.light && !isGeneral(p.ref, u))
}

/** The small slips the rubric calls minor, each said in words a learner understands. */
function slipsOf(
  p: Pair,
  omitted: string | null,
  missingDetails: Unit[],
  extraDetails: Unit[],
): string[] {
  const { ref, user } = p
  const slips: string[] = []
  const addedTimes = extraDetails.filter((u) => isSpecificTime(user.tokens[u.start] ?? ''))
  if (omitted) {
    slips.push(`You left out part of the sentence: "${omitted}".`)
  } else if (missingDetails.length === 1 && extraDetails.length === 1) {
    // "lift" for "elevator": the same thing in a rarer sense of one of the words
    // a role named for the other sex ("chairwoman" for "chairman") is another person, though
    // WordNet puts the two in one synset
    if (
      (!sameThingInAnySense(missingDetails[0]!, extraDetails[0]!) ||
        otherSexSaid(ref, missingDetails[0]!, user)) &&
      !(
        isName(ref, missingDetails[0]!) &&
        samePlaceName(surfaceOf(ref, missingDetails[0]!), surfaceOf(user, extraDetails[0]!))
      )
    )
      slips.push(
        `You wrote "${surfaceOf(user, extraDetails[0]!)}" where the sentence says "${surfaceOf(ref, missingDetails[0]!)}".`,
      )
  } else {
    // an added word with nothing left out is the learner's own way of saying it ("get out of
    // bed"), unless it says when
    if (!missingDetails.length && addedTimes.length) {
      slips.push(
        `You added ${quoteList(addedTimes.map((u) => surfaceOf(user, u)))}: the sentence does not say when.`,
      )
    }
    const prefixed = missingDetails.length ? null : prefixedNoun(p, extraDetails)
    if (prefixed) slips.push(`You wrote "${prefixed[0]}" where the sentence says "${prefixed[1]}".`)
    const companions = missingDetails.length ? [] : addedCompanions(p, extraDetails)
    if (companions.length)
      slips.push(`You added ${quoteList(companions)}: the sentence does not name anyone else.`)
    const replaced = missingDetails.length ? null : replacedDoer(p, extraDetails)
    if (replaced)
      slips.push(
        `You wrote "${replaced[0]}" where the sentence says "${replaced[1]}": check who is doing what.`,
      )
    if (missingDetails.length) {
      slips.push(`You left out ${quoteList(missingDetails.map((u) => surfaceOf(ref, u)))}.`)
      if (extraDetails.length)
        slips.push(
          `${quoteList(extraDetails.map((u) => surfaceOf(user, u)))} is not in the sentence.`,
        )
    }
  }
  if (tenseChanged(ref.tokens, user.tokens, p.refSpan, p.userSpan))
    slips.push(
      'Check the tense: the sentence is in the ' +
        (hasPast(ref.tokens) ? 'past.' : 'present or future.'),
    )
  if (personChanged(p))
    slips.push('Check who is doing what: the person changed (for example "I" instead of "you").')
  if (slips.length === 0) {
    const quantity = quantityChanged(p) ?? ownerChanged(p)
    if (quantity) slips.push(quantity)
  }
  return slips
}

/**
 * A word the learner joins by a hyphen to a noun the reference has, making another thing of it
 * ("the semi-final" for "the final", "my ex-boss" for "my boss", "my step-father" for "my
 * father"): the first word says which one, as a prefix does, so the thing named changed, a
 * detail slip, where the reference's word before the noun is a function word or kept by the
 * learner ("the former official" may be "the ex-official"). An added word otherwise is the learner's own way of
 * saying it. Returns the
 * learner's words and the reference's noun, or null.
 */
function prefixedNoun(p: Pair, extraDetails: Unit[]): [string, string] | null {
  const { tokens } = p.user
  for (const u of extraDetails) {
    const head = tokens[u.end + 1]
    if (u.multi || head === undefined || !isNounLike(head)) continue
    const word = tokens[u.start]!
    if (p.ref.tokens.includes(word)) continue
    // the word before the reference's noun kept or a function word: "the former official" may
    // be said "the ex-official", "the lost final" is not "the lost semi-final"
    const bare = p.ref.tokens.some((t, i) => {
      if (t !== head || i === 0) return t === head
      const before = p.ref.tokens[i - 1]!
      return isFunctionWord(before) || tokens.includes(before)
    })
    if (!bare) continue
    const literal = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const written = new RegExp(`\\b${literal(word)}[-\u2010\u2011]${literal(head)}\\b`, 'iu').exec(
      p.userText,
    )
    if (written) return [written[0], head]
  }
  return null
}

/** Possessive determiners by whose the thing is ("its" left out: a pet or a thing may be "his"). */
const OWNERS: ReadonlySet<string> = new Set(['my', 'your', 'his', 'her', 'our', 'their'])

/**
 * The same thing said to be someone else's ("don't get in her way" for "don't get in my way"):
 * the reference's possessive before a noun, the learner's another person's before the same noun,
 * neither text saying the other's: the rubric's change of person, a minor slip. "their" for
 * "his" or "her" (and back) is the same person said without a sex, not a change.
 */
function ownerChanged(p: Pair): string | null {
  const { ref, user } = p
  const pairs = (text: EnglishText): [string, string, number][] => {
    const found: [string, string, number][] = []
    text.tokens.forEach((t, i) => {
      const next = text.tokens[i + 1]
      // the thing owned: any word but another pronoun or determiner ("way" is a function word)
      if (
        OWNERS.has(t) &&
        next &&
        /^\p{L}/u.test(next) &&
        !personOf(next) &&
        !DETERMINERS.has(next)
      )
        found.push([t, verbLemma(next), i])
    })
    return found
  }
  const refPairs = pairs(ref)
  if (refPairs.length === 0) return null
  const userPairs = pairs(user)
  const has = (list: [string, string, number][], owner: string, noun: string): boolean =>
    list.some(([o, n]) => o === owner && n === noun)
  const sexless = (a: string, b: string): boolean =>
    (a === 'their' && (b === 'his' || b === 'her')) ||
    (b === 'their' && (a === 'his' || a === 'her'))
  for (const [owner, noun, i] of refPairs) {
    if (has(userPairs, owner, noun)) continue
    const other = userPairs.find(
      ([o, n]) => n === noun && o !== owner && !sexless(o, owner) && !has(refPairs, o, noun),
    )
    if (!other) continue
    return `You wrote "${other[0]} ${user.tokens[other[2] + 1]}" where the sentence says "${owner} ${ref.tokens[i + 1]}": check whose it is.`
  }
  return null
}

/**
 * Words that say "all of it" or "one", which the comparison reads as function words, each with
 * the words that say the same ("the whole month" / "the entire month").
 */
const TOTAL_WORDS = new Set(
  'whole entire all full everything every each everyone everybody'.split(' '),
)
const QUANTITY_SAYS = new Map<string, ReadonlySet<string>>([
  ['one', new Set(['one', 'single', '1'])],
])
for (const w of TOTAL_WORDS) QUANTITY_SAYS.set(w, TOTAL_WORDS)

/** A learner's word that says how much or how many, other than all of it or one. */
function otherQuantity(word: string): boolean {
  if (word === 'half' || word === 'quarter' || word === 'double' || word === 'twice') return true
  if (word === 'few' || word === 'several') return true
  const number = numberSpelling(word) ?? (/^\d+$/.test(word) ? word : undefined)
  return number !== undefined && number !== '1' && number !== 'one'
}

/**
 * The reference's "one", "whole", "everything" (function words, so never a left-out detail) not
 * said, and a learner's quantity of its own in its place ("Two salaries" for "One salary", "half
 * a month's salary" for "the whole month's", "half of it" for "everything"): how much changed,
 * the detail slip the rubric calls minor. Outside the idiom on both sides; "one" only as a number
 * (before a content word, not "no one", "the one who", "one of").
 */
function quantityChanged(p: Pair): string | null {
  const { ref, user } = p
  const refIdiom = new Set(p.refSpan ?? [])
  const userIdiom = new Set(p.userSpan ?? [])
  const userTokens = new Set(user.tokens)
  let said: string | null = null
  for (let i = 0; i < ref.tokens.length && !said; i++) {
    const t = ref.tokens[i]!
    const same = QUANTITY_SAYS.get(t)
    if (!same || refIdiom.has(i)) continue
    if (t === 'one') {
      const next = ref.tokens[i + 1] ?? ''
      const before = ref.tokens[i - 1] ?? ''
      if (
        isFunctionWord(next) ||
        ['no', 'the', 'any', 'some', 'every', 'each', 'this', 'that'].includes(before)
      )
        continue
    }
    if (![...same].some((w) => userTokens.has(w))) said = t
  }
  if (!said) return null
  const refNumbers = new Set(ref.tokens.map((t) => numberSpelling(t) ?? t))
  const at = user.tokens.findIndex(
    (t, i) => !userIdiom.has(i) && otherQuantity(t) && !refNumbers.has(numberSpelling(t) ?? t),
  )
  if (at < 0) return null
  return `You wrote "${user.tokens[at]}" where the sentence says "${said}": check how much or how many.`
}

/** Words after which a clause, so its subject, starts ("when my brother and I …"). */
const SUBJECT_OPENERS = new Set(
  'when while because if after before until since though although so but then and or'.split(' '),
)

/** People close to the speaker whom a learner may add as company ("with my brother"). */
const COMPANION_NOUNS = new Set(
  `brother sister mother father mum mom dad parent son daughter kid child wife husband boyfriend
  girlfriend partner friend mate cousin uncle aunt grandma grandpa grandmother grandfather
  family`.split(/\s+/),
)

/**
 * The learner's added words that put someone beside a person the reference names by a pronoun,
 * as the subject of a clause: "my brother and I ran off" for "I ran off", "me and Juan" for "me".
 * The reference's doer is kept, but the learner has someone else do it too: the rubric's change
 * of person, a minor slip (returned as the learner wrote them, with their determiner). Not an
 * "and" that joins two clauses ("did a sloppy job on the installation and we had to …").
 */
function addedCompanions(p: Pair, extraDetails: Unit[]): string[] {
  // most answers add no detail: nothing below is worked out for them
  if (extraDetails.length === 0) return []
  const { tokens } = p.user
  const refPersons = personsOf(p.ref.tokens)
  // the clause starts only where an "and" calls for them
  let starts: Set<number> | null = null
  const clauseStart = (i: number): boolean => {
    if (!starts) starts = clauseStarts(p.user)
    return starts.has(i)
  }
  const subjectAt = (i: number): boolean =>
    i === 0 || SUBJECT_OPENERS.has(tokens[i - 1] ?? '') || clauseStart(i)
  const refPerson = (i: number): boolean => {
    const t = tokens[i] ?? ''
    return personOf(t) !== undefined && !POSSESSIVES.has(t) && refPersons.has(personOf(t)!)
  }
  const added: string[] = []
  for (const u of extraDetails) {
    if (u.multi && !isCompound(p.user, u)) continue
    let from = u.start
    if (NOUN_DETERMINERS.has(tokens[from - 1] ?? '')) from--
    // "my brother and I …", or "I and my brother …" / "me and Juan …"
    const after = tokens[u.end + 1] === 'and' && subjectAt(from) && refPerson(u.end + 2)
    const before = tokens[from - 1] === 'and' && refPerson(from - 2) && subjectAt(from - 2)
    // "I ran off with my brother": someone close said to come along
    const along =
      tokens[from - 1] === 'with' &&
      from < u.start &&
      u.start === u.end &&
      lemmasOf(tokens[u.start]!).some((l) => COMPANION_NOUNS.has(l))
    if (!after && !before && !along) continue
    // as the learner spelt it ("Juan"), where the words are found as they are
    const words = tokens.slice(from, u.end + 1)
    const pattern = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+')
    const written = new RegExp(`\\b${pattern}\\b`, 'i').exec(p.userText)
    added.push(written ? written[0] : words.join(' '))
  }
  return added
}

/** The pronouns that name the speaker or the hearer as a doer. */
const SPEAKER_OR_HEARER = new Set(['1s', '1p', '2'])

/**
 * A doer the learner replaced: the reference's "I", "we" or "you" as a clause's subject, a person
 * the learner's text never names, and in its place, as a clause's subject, someone close to the
 * speaker the reference does not have ("my sister ran off" for "I ran off"). The rubric's change
 * of person, a minor slip: [the learner's words, the reference's pronoun]. Only a kin or friend
 * noun (COMPANION_NOUNS) after a determiner: a learner often names the doer by another noun for
 * the same person or thing ("People in that office" for "they", "His plan … backfired" for "he
 * tried … and it backfired"), and a third person ("he" / "my brother") may be the one the
 * reference means. "my brother and I" keeps the doer (`addedCompanions`).
 */
function replacedDoer(p: Pair, extraDetails: Unit[]): [string, string] | null {
  const ref = p.ref.tokens
  const subject = (tokens: string[], starts: ReadonlySet<number>, i: number): boolean =>
    i === 0 || starts.has(i) || SUBJECT_OPENERS.has(tokens[i - 1] ?? '')
  const userPersons = personsOf(p.user.tokens)
  // most answers keep the reference's persons: clauses are looked up only where one is lost
  const at = ref.findIndex(
    (t, i) =>
      SPEAKER_OR_HEARER.has(personOf(t) ?? '') &&
      !POSSESSIVES.has(t) &&
      !userPersons.has(personOf(t)!) &&
      subject(ref, clauseStarts(p.ref), i),
  )
  if (at < 0) return null
  const { tokens } = p.user
  const starts = clauseStarts(p.user)
  for (const u of extraDetails) {
    if (u.multi || !NOUN_DETERMINERS.has(tokens[u.start - 1] ?? '')) continue
    if (!lemmasOf(tokens[u.start]!).some((l) => COMPANION_NOUNS.has(l))) continue
    if (!subject(tokens, starts, u.start - 1) || tokens[u.end + 1] === 'and') continue
    const words = `${tokens[u.start - 1]} ${tokens[u.start]}`
    const written = new RegExp(`\\b${words.replace(' ', '\\s+')}\\b`, 'i').exec(p.userText)
    const pronoun = new RegExp(`\\b${ref[at]}\\b`, 'i').exec(p.reference)
    return [written ? written[0] : words, pronoun ? pronoun[0] : ref[at]!]
  }
  return null
}

/** A person the reference does not have; the idiom's own wording may bring its own ("I'm not buying it"). */
/** Words that may come before an imperative's verb ("Please pick …", "Just tell …"). */
const IMPERATIVE_OPENERS: ReadonlySet<string> = new Set(['please', 'just', 'so', 'and', 'now'])

/**
 * Whether a text has a sentence or clause in the imperative ("Do me a favour and …", "Give your
 * brother a break", "Don't …"): its doer is "you", unsaid. Read from each sentence's and each
 * clause's first word (after "please", "just" …): the plain form of a verb, not a person, a
 * determiner or a question's auxiliary ("do you …").
 */
function imperativeOf(text: string): boolean {
  let found = imperativeCache.get(text)
  if (found !== undefined) return found
  found = false
  for (const part of text.split(/[.!?;:,]/)) {
    const tokens = tokeniseEnglish(part)
    let i = 0
    while (IMPERATIVE_OPENERS.has(tokens[i] ?? '')) i++
    const word = tokens[i]
    if (!word) continue
    const next = tokens[i + 1] ?? ''
    if (word === 'do' || word === 'let') {
      found = !personOf(next) || POSSESSIVES.has(next) || ['me', 'us'].includes(next)
    } else {
      found =
        !isFunctionWord(word) &&
        !personOf(word) &&
        verbLemma(word) === word &&
        !isPastForm(word) &&
        !/ing$/.test(word) &&
        senseSpan(word, VERB) > 0 &&
        (ARTICLES.has(next) ||
          POSSESSIVES.has(next) ||
          (!!personOf(next) && !POSSESSIVES.has(word)))
    }
    if (found) break
  }
  if (imperativeCache.size >= CACHE_LIMIT) imperativeCache.clear()
  imperativeCache.set(text, found)
  return found
}
const imperativeCache = new Map<string, boolean>()

function personChanged(p: Pair): boolean {
  const { userSpan } = p
  const glossPerson = p.userGloss?.analysed.tokens.some((t) => personOf(t)) ?? false
  const tokens =
    glossPerson && userSpan?.length
      ? p.user.tokens.filter(
          (_, i) => i < userSpan[0]! - NEGATION_WINDOW || i > userSpan[userSpan.length - 1]!,
        )
      : p.user.tokens
  const refPersons = personsOf(p.ref.tokens)
  // whose a thing is in the idiom's words names that person too ("Sorry to blow my own trumpet":
  // "I don't mean to brag" adds nobody); "excuse me" is a formula, no person
  const refOwners = ownersOf(p.ref.tokens, p.refSpan)
  const added = [...personsNamed(tokens, true)].filter(
    (person) => !refPersons.has(person) && !refOwners.has(person),
  )
  if (added.length === 0) return false
  // "Could you do me a favour and …" for "Do me a favour and …": the imperative's unsaid "you"
  if (added.every((person) => person === '2') && imperativeOf(p.reference)) return false
  // "told me" / "told us" for "said": the one told is who hears, not a new doer
  const said = p.ref.tokens.some((t) => SAY.has(t))
  const hearers = new Set<string>()
  if (said)
    tokens.forEach((t, i) => {
      const next = tokens[i + 1] ?? ''
      if (TELL.has(t) && personOf(next) && !POSSESSIVES.has(next)) hearers.add(personOf(next)!)
    })
  // "My dad … when he was sixty" for "My dad … at sixty": a third person said again by a pronoun
  // after the learner has named someone the reference names, the reference's own persons all kept
  const userPersons = personsOf(tokens)
  const keptAll = [...refPersons].every((person) => userPersons.has(person))
  const named = keptAll ? firstSharedNoun(p) : -1
  const referring = (person: string): boolean => {
    if (named < 0 || !person.startsWith('3')) return false
    const at = p.user.tokens.findIndex((t) => personOf(t) === person)
    // "my father and she": a person added, not said again
    return at > named && !JOINERS.has(p.user.tokens[at - 1] ?? '')
  }
  return added.some(
    (person) =>
      !referring(person) &&
      (!hearers.has(person) || tokens.filter((t) => personOf(t) === person).length > 1),
  )
}

/** Where the learner first names a person or thing the reference names too, or -1. */
function firstSharedNoun(p: Pair): number {
  let first = -1
  for (const u of p.user.units) {
    if (u.multi || (first >= 0 && u.start >= first)) continue
    const t = p.user.tokens[u.start] ?? ''
    if (!isFunctionWord(t) && isNounLike(t) && hasUnit(u, p.ref)) first = u.start
  }
  return first
}

const SAY = new Set('say says said saying'.split(' '))
const JOINERS = new Set('and or nor with plus'.split(' '))
const TELL = new Set('tell tells told telling'.split(' '))

/** Perfect without slips, else minor, with how sure each is. */
function perfectOrMinor(
  p: Pair,
  slips: string[],
  omitted: string | null,
  swapOnly: boolean,
): Judgement {
  if (slips.length === 0) {
    return {
      rank: 2,
      accuracy: 'perfect',
      mistakeType: 'none',
      feedback: `Great translation: you got the meaning of ${p.idiomName}.`,
      confidence: !p.refSpan
        ? TRANSLATION_CONFIDENCE.perfectUnknownIdiom
        : p.userGloss
          ? TRANSLATION_CONFIDENCE.perfectByMeaning
          : TRANSLATION_CONFIDENCE.perfectByReference,
    }
  }
  return {
    rank: 1,
    accuracy: 'minor',
    mistakeType: 'detail',
    feedback: `You got the idiom right, with a small slip. ${slips.join(' ')}`,
    confidence: omitted
      ? TRANSLATION_CONFIDENCE.minorOmission
      : swapOnly
        ? TRANSLATION_CONFIDENCE.minorSwap
        : TRANSLATION_CONFIDENCE.minorOneSlip,
  }
}

/**
 * Grades the learner's text against one reference, in the rubric's order: the idiom's meaning
 * reversed, missing or negated is major; so is a sentence said the other way round; a clause or a
 * detail left out, a detail changed, the tense or the person changed is minor; else perfect.
 */
function judge(
  key: string,
  reference: string,
  ref: EnglishText,
  userText: string,
  user: EnglishText,
  glosses: Gloss[],
  example: EvaluatorExample,
  snippetSpan: [number, number] | null,
  spanishNegated: boolean,
  meaning: string,
): Judgement {
  const p: Pair = {
    snippetAt: snippetSpan && (snippetSpan[0] + snippetSpan[1]) / 2,
    snippetSpan,
    spanishNegated,
    key,
    reference,
    userText,
    ref,
    user,
    glosses,
    idiomName: `"${example.idiom.text}"`,
    meaning,
    ...locateIdiom(key, ref, user, glosses),
  }
  const reversed = reversedIdiom(p) ?? unnegatedIdiom(p) ?? antonymOfMeaning(p)
  if (reversed) return reversed
  const words = compareWords(p)
  const { judgement: missing, missingDetails } = missingMeaning(p, words)
  if (missing) return missing
  const opposite =
    oppositeIdiom(p) ??
    oppositeWord(p, words) ??
    outOfForIn(p) ??
    replacedPlace(p, words) ??
    negationMoved(p, words) ??
    negationMovedClause(p, words) ??
    rolesSwapped(p, words)
  if (opposite) return opposite

  // a verb or adjective said differently ("chose" for "picked") is paraphrase; a changed or
  // dropped name, place, time or object is the detail slip the rubric calls minor
  const { omitted, candidates, otherWords, reworded, rewording } = droppedClause(p, words)
  const details = missingDetails.filter(
    (u) =>
      (isDetailUnit(ref, u, words.isDetail) || otherSexSaid(ref, u, user)) && !reworded.includes(u),
  )
  const extraDetails = words.extra.filter(
    (u) =>
      (isDetailUnit(user, u, words.isDetail) || otherSexSaid(user, u, ref)) &&
      !rewording.some(([from, to]) => u.start > from && u.end < to),
  )
  // the learner negates the idiom's meaning phrase where the Spanish negates the idiom and the
  // reference says it by an opposite word ("didn't approve" for "no dio luz verde", "rejected"):
  // the same statement
  const negatedAsSpanish =
    p.spanishNegated &&
    !p.refSpan &&
    p.userSpan !== null &&
    spanNegative(p.user, p.userSpan, p.userGloss)
  const oppositeSentence = negatedAsSpanish
    ? null
    : oppositeStatement(p, candidates, otherWords, words.missing)
  if (oppositeSentence) return oppositeSentence

  const slips = slipsOf(p, omitted, details, extraDetails)
  const swapOnly =
    !omitted && slips.length === 1 && details.length === 1 && extraDetails.length === 1
  return perfectOrMinor(p, slips, omitted, swapOnly)
}

/** The first content word each negator of a text governs, by its position (kept per text). */
function negatedPlaces(text: EnglishText): [number, number][] {
  let found = negatedPlaceSets.get(text)
  if (!found) {
    found = []
    const { tokens } = text
    for (let i = 0; i < tokens.length; i++) {
      if (!negatesAt(tokens, i)) continue
      for (let k = i + 1; k <= i + NEGATION_WINDOW && k < tokens.length; k++) {
        // "don't have all day", "haven't got all day": a general verb is not what is denied
        if (isFunctionWord(tokens[k]!) || isLightVerb(verbLemma(tokens[k]!))) continue
        found.push([i, k])
        break
      }
    }
    negatedPlaceSets.set(text, found)
  }
  return found
}
const negatedPlaceSets = new WeakMap<EnglishText, [number, number][]>()

/**
 * Every word kept, but the doer and the one done to swapped round one verb ("the dog bit the
 * postman" for "the postman bit the dog"): a major, or null. Only where the learner adds and
 * leaves out no word, two different nouns stand on either side of the same verb in both texts in
 * the other order, and the learner's is no passive ("was bitten by the dog") and no list ("the
 * dog and the postman").
 */
function rolesSwapped(p: Pair, words: WordComparison): Judgement | null {
  if (words.missing.length > 0 || words.extra.length > 0) return null
  const { ref, user } = p
  const triples = rolesOf(ref)
  if (triples.length === 0) return null
  const first = (text: EnglishText, u: Unit): string => text.tokens[u.start]!
  const find = (u: Unit): Unit | undefined => {
    const forms = lemmasOf(first(ref, u))
    return user.cover.find((x) => lemmasOf(first(user, x)).some((f) => forms.includes(f)))
  }
  for (const [a, verb, b] of triples) {
    const [ua, uv, ub] = [find(a), find(verb), find(b)]
    if (!ua || !uv || !ub || !(ub.end < uv.start && uv.end < ua.start)) continue
    const between = user.tokens.slice(ub.end + 1, ua.start)
    if (between.some((t) => t === 'by' || t === 'and' || t === 'or' || t === 'was' || t === 'were'))
      continue
    return {
      rank: 0,
      accuracy: 'major',
      mistakeType: 'meaning',
      feedback: `Your translation swaps who does what: the sentence says "${surfaceOf(ref, a)}" ${surfaceOf(ref, verb)} "${surfaceOf(ref, b)}", and you wrote it the other way round.`,
      confidence: TRANSLATION_CONFIDENCE.opposite,
    }
  }
  return null
}

/**
 * A reference's nouns on either side of an inflected verb ("dog", "bit", "postman"), kept per
 * text: a noun after a determiner or a noun-like word that is no verb form; the verb an
 * inflected form ("bit", "bites", "chased") not after a determiner.
 */
function rolesOf(text: EnglishText): [Unit, Unit, Unit][] {
  let found = rolesCache.get(text)
  if (!found) {
    found = []
    const first = (u: Unit): string => text.tokens[u.start]!
    const afterDeterminer = (u: Unit): boolean =>
      NOUN_DETERMINERS.has(text.tokens[u.start - 1] ?? '')
    const inflected = (u: Unit): boolean => verbLemma(first(u)) !== first(u) || isPastForm(first(u))
    const nounAt = (u: Unit): boolean =>
      !u.multi && isNounLike(first(u)) && (afterDeterminer(u) || !inflected(u))
    const units = text.cover.filter((u) => !u.light)
    for (let v = 1; v < units.length - 1; v++) {
      const [a, verb, b] = [units[v - 1]!, units[v]!, units[v + 1]!]
      if (afterDeterminer(verb) || !inflected(verb)) continue
      if (nounAt(a) && nounAt(b) && first(a) !== first(b)) found.push([a, verb, b])
    }
    rolesCache.set(text, found)
  }
  return found
}
const rolesCache = new WeakMap<EnglishText, [Unit, Unit, Unit][]>()

/** How far after a "not" a "but" may close what it denies ("not as wages, but as a prize"). */
const BUT_REACH = 10

/** For each negator of a text, the positions it denies: up to its "but", else a few words. */
function deniedSpans(text: EnglishText): [number, number][] {
  const { tokens } = text
  return negatedPlaces(text).map(([i]) => {
    for (let k = i + 1; k <= i + BUT_REACH && k < tokens.length; k++)
      if (tokens[k] === 'but') return [i, k - 1]
    return [i, i + NEGATION_WINDOW + 1]
  })
}

/**
 * Every word kept, but the "not" moved to another of them ("as a defendant, not as a witness" for
 * "as a witness, not as a defendant"; "is owed … as a bonus, not as holiday pay" for "isn't owed
 * … as a bonus, but as holiday pay"): the two roles swapped, the statement turned round, a major,
 * or null. Only where the learner adds and leaves out no word of the reference's, and each text
 * negates a word the other says without a negator.
 */
function negationMoved(p: Pair, words: WordComparison): Judgement | null {
  if (words.missing.length > 0 || words.extra.length > 0) return null
  const refPlaces = negatedPlaces(p.ref)
  const userPlaces = negatedPlaces(p.user)
  if (refPlaces.length === 0 || userPlaces.length === 0) return null
  // a word one text negates that the other has and does not deny: no negator shortly before it
  // ("never a party activist" still denies "activist"), nor between a negator and its "but"
  // ("isn't paid as wages, but as a prize" denies "wages")
  const movedFrom = (places: [number, number][], text: EnglishText, other: EnglishText): number => {
    const denied = deniedSpans(other)
    for (const [, k] of places) {
      const forms = lemmasOf(text.tokens[k]!)
      const at = other.tokens.findIndex(
        (t) => forms.includes(t) || lemmasOf(t).some((f) => forms.includes(f)),
      )
      if (at < 0) continue
      if (denied.some(([from, to]) => from < at && at <= to)) return -1
      return k
    }
    return -1
  }
  const refAt = movedFrom(refPlaces, p.ref, p.user)
  const userAt = movedFrom(userPlaces, p.user, p.ref)
  if (refAt < 0 || userAt < 0) return null
  if (lemmasOf(p.ref.tokens[refAt]!).some((f) => lemmasOf(p.user.tokens[userAt]!).includes(f)))
    return null
  return {
    rank: 0,
    accuracy: 'major',
    mistakeType: 'meaning',
    feedback: `Your translation turns the sentence round: the sentence says "not" about "${p.ref.tokens[refAt]}", and you wrote "not" about "${p.user.tokens[userAt]}". Check which one the "not" goes with.`,
    confidence: TRANSLATION_CONFIDENCE.opposite,
  }
}

/** A text's clauses as token ranges [from, to), split at a comma, colon, semicolon or dash (kept per text). */
function clausesOf(text: EnglishText): { from: number; to: number; raw: string }[] {
  let found = clauseCache.get(text)
  if (!found) {
    found = []
    let offset = 0
    for (const part of text.raw.split(/[,;:]|\s[-\u2013\u2014]\s/u)) {
      const n = tokeniseEnglish(part).length
      if (n > 0)
        found.push({ from: offset, to: offset + n, raw: part.trim().replace(/[.!?…]+$/u, '') })
      offset += n
    }
    clauseCache.set(text, found)
  }
  return found
}
const clauseCache = new WeakMap<EnglishText, { from: number; to: number; raw: string }[]>()

/**
 * Every word kept, the clauses in the same order, but the "not" moved from one clause to another
 * ("You have to pay it all at once: you can't do it in instalments" for "You don't have to pay it
 * all at once: you can do it in instalments"): each clause says the opposite, while the sentence
 * keeps as many negators, so `oppositeStatement` does not see it. A major, or null. Only where
 * both texts have as many clauses, each learner's clause shares a content word with the
 * reference's clause at its place and none with another, and one clause of each loses its
 * negation while another gains one (a clause with no content word, a question tag, is no place).
 */
function negationMovedClause(p: Pair, words: WordComparison): Judgement | null {
  if (words.missing.length > 0 || words.extra.length > 0) return null
  if (negatorCount(p.ref) === 0 || negatorCount(p.user) === 0) return null
  const refClauses = clausesOf(p.ref)
  const userClauses = clausesOf(p.user)
  if (refClauses.length < 2 || refClauses.length !== userClauses.length) return null
  const contentOf = (text: EnglishText, c: { from: number; to: number }): Set<string> => {
    const lemmas = new Set<string>()
    for (let i = c.from; i < c.to; i++) {
      const t = text.tokens[i]!
      if (!isFunctionWord(t) && !isLightVerb(verbLemma(t)))
        for (const l of lemmasOf(t)) lemmas.add(l)
    }
    return lemmas
  }
  const refContent = refClauses.map((c) => contentOf(p.ref, c))
  const userContent = userClauses.map((c) => contentOf(p.user, c))
  for (let c = 0; c < userContent.length; c++) {
    const own = [...userContent[c]!]
    if (!own.some((l) => refContent[c]!.has(l))) return null
    if (refContent.some((r, j) => j !== c && own.some((l) => r.has(l) && !refContent[c]!.has(l))))
      return null
  }
  const negated = (text: EnglishText, c: { from: number; to: number }): boolean => {
    let n = 0
    for (let i = c.from; i < c.to; i++) if (!text.opening.has(i) && negatesAt(text.tokens, i)) n++
    return n % 2 === 1
  }
  let lost = -1
  let gained = -1
  for (let c = 0; c < refClauses.length; c++) {
    const [r, u] = [negated(p.ref, refClauses[c]!), negated(p.user, userClauses[c]!)]
    if (r === u) continue
    if (r) lost = c
    else gained = c
  }
  if (lost < 0 || gained < 0) return null
  return {
    rank: 0,
    accuracy: 'major',
    mistakeType: 'meaning',
    feedback: `Your translation moves the "not" to another part of the sentence, so both parts say the opposite: the sentence says "${refClauses[lost]!.raw}" and "${refClauses[gained]!.raw}", and you wrote "${userClauses[lost]!.raw}" and "${userClauses[gained]!.raw}".`,
    confidence: TRANSLATION_CONFIDENCE.opposite,
  }
}

/** The keys a unit's words may be opposed by: its own, and its first word's dictionary forms. */
function oppositionKeys(text: EnglishText, u: Unit): string[] {
  return [...u.keys, ...lemmasOf(text.tokens[u.start] ?? '')]
}

/**
 * Two opposite modifiers of two different verbs ("come in late", "arrive late" for "leave
 * early"): the learner names another event, with its own time or manner, which is a changed
 * detail and not the statement reversed. True where one of the pair is the verb, the other the
 * no-verb word right after it, in both texts: the verbs differ (or are opposites too: two
 * opposites say the same), the modifiers are opposites.
 */
function otherEventTimed(p: Pair, words: WordComparison, m: Unit, x: Unit): boolean {
  const verb = (text: EnglishText, u: Unit): boolean =>
    isVerbMoreThanAdjective(text.tokens[u.start]!)
  // the pair's modifiers: (m, x) themselves, or the words right after a verb pair
  let refVerb: Unit | undefined
  let userVerb: Unit | undefined
  let refMod = m
  let userMod = x
  if (!verb(p.ref, m) && !verb(p.user, x)) {
    refVerb = words.missing.find((v) => v.end === m.start - 1 && verb(p.ref, v))
    userVerb = words.extra.find((v) => v.end === x.start - 1 && verb(p.user, v))
  } else if (verb(p.ref, m) && verb(p.user, x)) {
    refVerb = m
    userVerb = x
    const refNext = words.missing.find((v) => v.start === m.end + 1 && !verb(p.ref, v))
    const userNext = words.extra.find((v) => v.start === x.end + 1 && !verb(p.user, v))
    if (!refNext || !userNext) return false
    refMod = refNext
    userMod = userNext
    const refKeys = oppositionKeys(p.ref, refMod)
    if (!oppositionKeys(p.user, userMod).some((k) => refKeys.some((r) => areOpposites(r, k))))
      return false
  }
  return refVerb !== undefined && userVerb !== undefined && !refMod.multi && !userMod.multi
}

/**
 * A reference word left out and its everyday opposite said instead ("staying" for "heading
 * off", "lost" for "won"): the sentence reversed, a major, or null.
 */
function oppositeWord(p: Pair, words: WordComparison): Judgement | null {
  if (words.missing.length === 0 || words.extra.length === 0) return null
  const extra = words.extra.map((x) => [x, oppositionKeys(p.user, x)] as const)
  const refNegated = negatedWords(p.ref)
  const userNegated = negatedWords(p.user)
  for (const m of words.missing) {
    const refKeys = oppositionKeys(p.ref, m)
    for (const [x, keys] of extra) {
      if (!keys.some((k) => refKeys.some((r) => areOpposites(r, k)))) continue
      if (otherEventTimed(p, words, m, x)) continue
      // "didn't win" / "lost": one of the two negated says the same
      if (refKeys.some((r) => refNegated.has(r)) !== keys.some((k) => userNegated.has(k))) continue
      return {
        rank: 0,
        accuracy: 'major',
        mistakeType: 'meaning',
        feedback: `Your translation says the opposite: you wrote "${surfaceOf(p.user, x)}" where the sentence says "${surfaceOf(p.ref, m)}".`,
        confidence: TRANSLATION_CONFIDENCE.opposite,
      }
    }
  }
  return null
}

/**
 * The words a text puts after "out of" ("out of the loop", "out of stock") and after "in" ("in the
 * loop", "in stock"), with "the" if it stands between, each with whether a negator stands within
 * NEGATION_WINDOW before it.
 */
function outAndIn(tokens: string[]): { out: Map<string, boolean>; in: Map<string, boolean> } {
  const found = { out: new Map<string, boolean>(), in: new Map<string, boolean>() }
  const negated = (i: number): boolean => {
    for (let k = Math.max(0, i - NEGATION_WINDOW); k < i; k++) if (negatesAt(tokens, k)) return true
    return false
  }
  for (let i = 0; i < tokens.length; i++) {
    const out = tokens[i] === 'out' && tokens[i + 1] === 'of'
    if (!out && tokens[i] !== 'in') continue
    let k = out ? i + 2 : i + 1
    // "straight out of an old tango" says where from: only "the" or no article
    if (tokens[k] === 'a' || tokens[k] === 'an') continue
    const article = tokens[k] === 'the' ? 'the ' : ''
    if (article) k++
    const noun = tokens[k]
    if (!noun || isFunctionWord(noun)) continue
    ;(out ? found.out : found.in).set(`${article}${noun}`, negated(i))
  }
  return found
}

/**
 * "in the loop" where the reference says "out of the loop" (or the other way round), the rest of
 * the phrase the same: the state reversed, a major, unless one of the two is negated ("not in the
 * loop" says "out of the loop"). Where no meaning phrase finds the idiom (a gloss only), this is
 * the reversal the particle rules read in meaning phrases.
 */
function outOfForIn(p: Pair): Judgement | null {
  if (!p.ref.tokens.includes('out') && !p.user.tokens.includes('out')) return null
  const ref = outAndIn(p.ref.tokens)
  const user = outAndIn(p.user.tokens)
  for (const [a, b] of [
    [ref.out, user.in],
    [ref.in, user.out],
  ] as const)
    for (const [noun, negated] of a) {
      const other = b.get(noun)
      if (other === undefined || other !== negated) continue
      // both phrases in both texts: a comparison, not a reversal
      if ((a === ref.out ? user.out : user.in).has(noun)) continue
      const [said, wrote] = a === ref.out ? ['out of', 'in'] : ['in', 'out of']
      return {
        rank: 0,
        accuracy: 'major',
        mistakeType: 'meaning',
        feedback: `Your translation says the opposite: you wrote "${wrote}" where the sentence says "${said}" (${noun}).`,
        confidence: TRANSLATION_CONFIDENCE.opposite,
      }
    }
  return null
}

/** A unit that names a thing: a compound ("living room"), a noun ("give" rarely is one), a detail. */
/** A phrase with a time word in it says when ("all night", "last week"): a detail, as the word is. */
function saysWhen(text: EnglishText, u: Unit): boolean {
  for (let i = u.start; i <= u.end; i++) if (isDetailWord(text.tokens[i] ?? '')) return true
  return false
}
function isDetailUnit(text: EnglishText, u: Unit, isDetail: (u: Unit) => boolean): boolean {
  return u.multi
    ? isCompound(text, u) || saysWhen(text, u)
    : (!u.keys.some(isLightVerb) &&
        !verbAt(text.tokens, u.start) &&
        (isNounLike(text.tokens[u.start] ?? '') || headNounByPlace(text.tokens, u.start))) ||
        isDetail(u)
}

/** Possessive determiners: a word right after one, heading its phrase, names a thing. */
const HEAD_OWNERS: ReadonlySet<string> = new Set('my your his her our their'.split(' '))

/**
 * A word `isNounLike` rules out as a verb form, which its place makes a noun that names a thing:
 * heading its phrase (the sentence ends or a function word follows, not a noun it would
 * modify: "the opening night", "my used car") right after an article or a possessive, an -ing
 * word that is a noun of its own more than a form of its verb (WordNet gives it more noun senses
 * than its verb has verb senses: "the wedding", "the ceiling", "the painting"; not "the
 * washing", "the wiring", "the building", which name the verb's act or stuff and are often said
 * by another noun), or a past form after a possessive ("your rent": no verb follows "your").
 * Such a noun left out or changed is a detail like any other ("the party" for "the wedding").
 */
function headNounByPlace(tokens: string[], i: number): boolean {
  const word = tokens[i] ?? ''
  const before = tokens[i - 1] ?? ''
  const next = tokens[i + 1]
  if (next !== undefined && !isFunctionWord(next)) return false
  const owner = HEAD_OWNERS.has(before)
  if (!owner && !ARTICLES.has(before)) return false
  if (owner && isPastForm(word)) return true
  return /^[a-z]{3,}ing$/.test(word) && senseSpan(word, NOUN) > senseSpan(verbLemma(word), VERB)
}

/**
 * How many senses of one part of speech a lexicon key has, as far as the packed lexicon tells
 * (its rarest kept sense's rank plus one; 0 for none: "ceiling" has no verb senses).
 */
function senseSpan(key: string, pos: number): number {
  const other = sensesOutside(key, 7, pos)
  let span = 0
  for (const [id, rank] of sensesOf(key, 7)) if (!other.has(id)) span = Math.max(span, rank + 1)
  return span
}

/** Words after which a word is a verb ("we'll walk", "can't stop"). */
const BEFORE_VERB = new Set('will would can could should must might may shall not'.split(' '))
/** Verbs after which "to" opens a verb ("had to brake", "want to leave"), not a place. */
const BEFORE_TO_VERB = new Set(
  'have has had having need needs needed want wants wanted going used able got'.split(' '),
)

/**
 * Whether a word that may be a noun ("walk", "leave", "brake") is a verb where it stands: after
 * a modal or "not", or "to" after "had", "want" …: an action, not a thing. (After a subject
 * pronoun it often is too, but "the money he owes me" left out is then no slip at all.)
 */
function verbAt(tokens: string[], i: number): boolean {
  const before = tokens[i - 1] ?? ''
  if (BEFORE_VERB.has(before)) return true
  return before === 'to' && BEFORE_TO_VERB.has(tokens[i - 2] ?? '')
}

/** A reference word written with a capital inside the sentence: a name. */
function isName(text: EnglishText, u: Unit): boolean {
  const word = text.tokens[u.start] ?? ''
  if (u.start === 0) return false
  const folded = foldedSurfaces(text)
  return text.surfaces.some((s, k) => folded[k] === word && /^\p{Lu}/u.test(s))
}

/** Endings that make a people's or language's name of a place's ("Uruguay" → "Uruguayan"). */
const DEMONYM = /^(?:n|an|ian|ean|ese|ish|i|ine|er)$/

/**
 * A place and the name of its people ("a Uruguayan striker" / "a striker from Uruguay", "Italy"
 * / "Italian", "China" / "Chinese"): the same detail said another way.
 */
function samePlaceName(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  if (short.length < 4 || short.includes(' ') || long.includes(' ')) return false
  // the place's last vowel may go ("Italy" → "Itali-an", "China" → "Chin-ese")
  for (const stem of [short, short.slice(0, -1)])
    if (long.startsWith(stem) && DEMONYM.test(long.slice(stem.length))) return true
  return false
}

/**
 * Whether two words share a WordNet sense, however rare ("lift" and "elevator"), and are not two
 * kinds of one thing: "mother" and "father" share the verb "beget", but both are a parent (their
 * noun senses, or the lexicon's kinds, have a general word in common), so one is not the other.
 */
function sameThingInAnySense(a: Unit, b: Unit): boolean {
  const all = (u: Unit): Set<number> => new Set(u.keys.flatMap((k) => [...sensesOf(k, 7).keys()]))
  const senses = all(a)
  if (![...all(b)].some((id) => senses.has(id))) return false
  const kindsOf = (u: Unit): Set<number> => {
    const general = new Set<number>()
    for (const k of u.keys) {
      for (const id of hypernymsOf(nonVerbSensesOf(k, PARENT_SENSE_RANK).keys())) general.add(id)
      for (const id of kindParentsOf(k)) general.add(id)
    }
    return general
  }
  const generals = kindsOf(a)
  return ![...kindsOf(b)].some((id) => generals.has(id))
}

/** The reference's words from the first to the last left-out unit ("before I signed"). */
function clauseOf(ref: EnglishText, missing: Unit[], reference: string): string {
  const from = Math.min(...missing.map((u) => u.start))
  const to = Math.max(...missing.map((u) => u.end))
  // the learner's own spelling of the words: surfaces line up with tokens apart from "'s"
  // ("coach's" is one word but two tokens, "coach" and "'s"; either apostrophe)
  const words = reference.normalize('NFC').match(/[\p{L}\p{M}\p{N}'\u2019]+/gu) ?? []
  const slice = ref.tokens.slice(from, to + 1).filter((t) => t !== "'s")
  const bare = (w: string): string => w.replace(/['\u2019].*$/, '')
  const start = words.findIndex((_w, i) =>
    slice.every((t, k) => bare(fold(words[i + k] ?? '')) === bare(t)),
  )
  return start >= 0 ? words.slice(start, start + slice.length).join(' ') : slice.join(' ')
}

function majorOnly(
  mistakeType: MistakeType,
  feedback: string,
  confidence: number = TRANSLATION_CONFIDENCE.mechanical,
): TranslationResult {
  return { accuracy: 'major', mistakeType, feedback, confidence }
}

/**
 * Whether the learner gave a literal reading of the idiom: every word of one of the literal
 * phrases that neither the reference nor the idiom's meanings use (at least 60 % of a longer
 * one). A literal reading wins over a WordNet synonym of a meaning ("on the moon": "moon" is
 * also "daydream"); words a meaning itself uses never count ("wash my hands of it").
 */
/** The keys of the multi-word expressions in a list of meaning phrases (kept per list). */
const meaningExpressions = new WeakMap<Gloss[], Set<string>>()

function literalReading(
  owns: Unit[][],
  user: EnglishText,
  glosses: Gloss[],
  refs: EnglishText[],
): boolean {
  if (owns.length === 0) return false
  // the learner's words inside an English idiom the meanings list ("threw in the towel"): the
  // same words as the literal "threw the towel", but said as the idiom
  const inMeaning = new Set<number>()
  let expressions = meaningExpressions.get(glosses)
  if (!expressions) {
    expressions = new Set()
    for (const g of glosses)
      for (const x of g.analysed.cover) if (x.multi) for (const k of x.keys) expressions.add(k)
    meaningExpressions.set(glosses, expressions)
  }
  for (const u of user.units) {
    if (!u.multi) continue
    if (u.keys.some((k) => expressions.has(k)))
      for (let i = u.start; i <= u.end; i++) inMeaning.add(i)
  }
  const said = (u: Unit): boolean =>
    user.units.some(
      (x) => !x.light && !inMeaning.has(x.start) && x.keys.some((k) => u.keys.includes(k)),
    )
  for (const own of owns) {
    if (own.length === 0) continue
    const hitUnits = own.filter(said)
    if (hitUnits.length >= Math.max(1, Math.ceil(own.length * 0.6))) return true
  }
  return steadyLiteralWord(owns, user, refs)
}

/** A word most of whose common senses are nouns ("car", "sea"; not "send"). */
function mostlyNoun(word: string): boolean {
  const all = sensesOf(word, REFERENCE_SENSE_RANK).size
  return all > 0 && (all - sensesOutside(word, REFERENCE_SENSE_RANK, NOUN).size) * 2 > all
}

/** How many of the idiom's literal readings give a word, at least, before it stands for one of its own. */
const STEADY_LITERALS = 3

/**
 * Whether the learner adds a word that many of the idiom's literal readings give ("car" in "and
 * the sea in a car", "the sea by car", "and the sea in the car": a quarter of them or more): the
 * steady reading of one of the idiom's Spanish words, a noun (not "send" of "send oneself a
 * shit", a verb a learner may use for another of the sentence's words), in no reference and no
 * meaning phrase and standing for no word of a reference: the learner read that word literally
 * ("came by car" for "and everyone else came").
 */
function steadyLiteralWord(owns: Unit[][], user: EnglishText, refs: EnglishText[]): boolean {
  const counts = new Map<string, number>()
  for (const own of owns)
    for (const key of new Set(own.flatMap((u) => u.keys)))
      counts.set(key, (counts.get(key) ?? 0) + 1)
  const steady = Math.max(STEADY_LITERALS, Math.ceil(owns.length / 4))
  return user.units.some(
    (x) =>
      !x.light &&
      x.keys.some((k) => (counts.get(k) ?? 0) >= steady && mostlyNoun(k)) &&
      !refs.some((r) => r.units.some((u) => sameMeaning(x, u))),
  )
}

/** Words that may stand inside a literal phrase said in a row ("has it very clear"). */
const MAX_LITERAL_INSERTS = 2

/** Words of a general verb's object that may stand inside a literal phrase ("put it in value"). */
const MAX_LITERAL_OBJECT = 5

/** The positions of `row`'s words in `tokens`, in order (any verb form), small words between, or null. */
function rowAt(row: string[], tokens: string[]): number[] | null {
  const same = (word: string, t: string): boolean => word === t || lemmasOf(word).includes(t)
  for (let i = 0; i < tokens.length; i++) {
    if (!same(tokens[i]!, row[0]!)) continue
    const at = [i]
    let inserts = 0
    // a verb's object may stand before the rest of the row ("put the old station in value")
    let object = isLightVerb(row[0]!) && row.length >= 3 ? MAX_LITERAL_OBJECT : 0
    for (let j = i + 1; at.length < row.length && j < tokens.length; j++) {
      if (same(tokens[j]!, row[at.length]!)) at.push(j)
      else if (at.length === 1 && object-- > 0) continue
      // a small word between ("very", "all")
      else if (!isFunctionWord(tokens[j]!) || ++inserts > MAX_LITERAL_INSERTS) break
    }
    if (at.length === row.length) return at
  }
  return null
}

/**
 * The idiom's literal phrases of two words or more with a content word, as token rows, less
 * those a reference itself says ("at full speed" said by the reference keeps "at full").
 */
function literalRowsOf(literals: readonly string[], refs: EnglishText[]): string[][] {
  return literals
    .map((phrase) => tokeniseEnglish(phrase.replace(/^to\s+/i, '')))
    .filter(
      (row) =>
        row.length >= 2 &&
        row.some((t) => !isFunctionWord(t) && !isLightVerb(verbLemma(t))) &&
        !refs.some((r) => rowAt(row, r.tokens)),
    )
}

/**
 * Whether the learner said one of the idiom's literal phrases word for word ("at full", "has it
 * very clear") and no meaning phrase reaches beyond those words: a meaning that only shares a
 * word with the literal ("full on", "be clear") is the literal, not the idiom; one that says
 * more ("at full speed") is the idiom.
 */
function literalSaid(rows: string[][], user: EnglishText, glosses: Gloss[]): boolean {
  if (rows.length === 0) return false
  const forms = lemmaSet(user)
  for (const row of rows) {
    // most answers have not every word of a literal: ruled out without a scan
    if (!row.every((t) => forms.has(t))) continue
    const at = rowAt(row, user.tokens)
    if (!at) continue
    const { userMatches } = answerMatches(user, glosses)
    // a meaning phrase with a word of its own, even a small one between ("throw in the towel"
    // for the literal "throw the towel"), is the idiom
    if (!userMatches.some(({ span }) => span.some((i) => !at.includes(i)))) return true
  }
  return false
}

/**
 * Function words that are also a plain adverb: "well" is an interjection ("Well, …") and so no
 * evidence of meaning anywhere else, but inside a literal reading it is the plain sense of an
 * idiom's word ("bien" in "tener a bien": "have to well").
 */
const PLAIN_ADVERBS: ReadonlySet<string> = new Set(['well'])

/**
 * The plain adverbs the idiom's literal readings use after their first word and that neither a
 * reference nor the gloss and meanings say: the learner who writes one has read the idiom's
 * word in its plain sense ("isn't well enough to sign" for "doesn't see fit to sign").
 */
function literalAdverbsOf(
  literals: readonly string[],
  references: readonly string[],
  meanings: readonly string[],
): string[] {
  const said = new Set([...references, ...meanings].flatMap(tokeniseEnglish))
  const found = new Set<string>()
  for (const phrase of literals)
    for (const [i, t] of tokeniseEnglish(phrase).entries())
      if (i > 0 && PLAIN_ADVERBS.has(t) && !said.has(t)) found.add(t)
  return [...found]
}

/**
 * Whether the learner says one of those adverbs as an adverb (not "Well, …" nor "as well") and
 * says the idiom's meaning, if at all, only beside it ("well enough to" found as "kind enough
 * to"): a meaning phrase said elsewhere is the idiom, the adverb then the learner's own word.
 */
function literalAdverbSaid(
  adverbs: readonly string[],
  user: EnglishText,
  glosses: Gloss[],
): boolean {
  if (adverbs.length === 0) return false
  const { tokens } = user
  const at = tokens.findIndex(
    (t, i) => i > 0 && adverbs.includes(t) && tokens[i - 1] !== 'as' && !user.opening.has(i),
  )
  if (at < 0) return false
  const { userMatches } = answerMatches(user, glosses)
  // the adverb said in the place of a meaning phrase's word ("well enough to" for "kind enough
  // to"): the phrase found beside it rests on it
  return userMatches.every(({ span }) => span.some((i) => Math.abs(i - at) <= 1))
}

/** The words of a literal phrase that neither the references nor the meanings use. */
function literalOwn(phrase: string, references: EnglishText[], glosses: Gloss[]): Unit[] {
  const literal = analyseCached(phrase, REFERENCE_SENSE_RANK)
  return literal.cover.filter(
    (u) =>
      // "put", "get": too general to betray a reading
      (u.multi || !u.keys.some(isLightVerb)) &&
      !references.some((r) => r.units.some((x) => x.keys.some((k) => u.keys.includes(k)))) &&
      !glosses.some((g) => g.analysed.cover.some((x) => x.keys.some((k) => u.keys.includes(k)))),
  )
}

/**
 * The idiom's other sense, said where the sentence uses another (decision 067): a gloss of a sense
 * the references do not say, in the learner's text, where no gloss of the sense they say (nor a
 * common one) is. The other sense's gloss that the learner says, or null. Read only to name a
 * missing meaning: the other sense's glosses no longer say the idiom, so the grade is major
 * already, and a loose match (WordNet finds "snitch" in "sneakers") never makes one.
 */
function otherSenseSaid(user: EnglishText, inSense: Gloss[], otherSense: Gloss[]): Gloss | null {
  if (otherSense.length === 0) return null
  const found = otherSense.find((g) => matchGloss(g, user))
  if (!found || answerMatches(user, inSense).userMatches.length > 0) return null
  return found
}

/**
 * The idiom's other sense said in place of the one the references say (decision 067): a gloss of
 * the other sense in the learner's text and in no reference, while a phrase of the references'
 * own sense that a reference says is not in the learner's ("while we're at it" where the reference
 * says "just passing through"). The learner kept some other phrase of the sense ("not staying"),
 * but gave the idiom's place the other meaning. The other sense's gloss, or null.
 */
function otherSenseInstead(
  user: EnglishText,
  refs: EnglishText[],
  inSense: Gloss[],
  otherSense: Gloss[],
): Gloss | null {
  if (otherSense.length === 0) return null
  const found = otherSense.find((g) => matchGloss(g, user) && !refs.some((r) => matchGloss(g, r)))
  if (!found) return null
  const dropped = inSense.some(
    (g) => g.sense >= 0 && !matchGloss(g, user) && refs.some((r) => matchGloss(g, r)),
  )
  return dropped ? found : null
}

/**
 * Grades the learner's English against the reference translation (and the example's accepted
 * alternatives), following RUBRIC.md: the idiom's figurative meaning must be there, found through
 * the reference, the idiom's glosses and WordNet synonyms; a literal word-for-word rendering,
 * a missing or opposite meaning, Spanish left untranslated or an empty answer is major; a slip
 * elsewhere (tense, person, a dropped or changed detail) is minor.
 */
export function gradeTranslation(example: EvaluatorExample, answer: string): TranslationResult {
  // numbers of several words read as the digits a learner may type ("thirty-eight" / "38"),
  // "every time" as "whenever"
  const userText = wheneverForEveryTime(digitsForNumbers(answer))
  const user = analyse(userText, USER_SENSE_RANK, false, true)
  if (user.tokens.length === 0) return majorOnly('empty', 'You did not write a translation.')

  const references = [example.translation, ...(example.alternatives ?? [])].map((r) =>
    wheneverForEveryTime(digitsForNumbers(r)),
  )
  const meanings = example.idiom.meanings ?? []
  // an idiom of two senses or more (decision 067): each sense's own phrases
  const senses = (example.idiom.senses?.length ?? 0) > 1 ? example.idiom.senses! : []
  const allPhrases = senses.length > 0 ? [...meanings, ...senses.flat()] : meanings
  const literals = [
    ...(example.literal ? [example.literal] : []),
    ...(example.idiom.literals ?? []),
  ]
  // what depends on the example only is worked out once per example (bounded memo, one key)
  const {
    id,
    referenceWords,
    spanish,
    glossWords,
    idiomWords,
    glosses,
    inSense,
    otherSense,
    meaning,
    refs,
    owns,
    literalRows,
    literalAdverbs,
    snippetAt: snippetRange,
    spanishNegated,
  } = byExample(
    [
      ...references,
      '\u0002',
      example.text,
      example.conjugatedSnippet,
      example.idiom.translation,
      ...meanings,
      ...senses.flatMap((phrases) => ['\u0003', ...phrases]),
      '\u0002',
      ...literals,
    ],
    () => {
      const glosses = makeGlosses(example.idiom.translation, meanings, senses)
      const refs = references.map((r) => analyseCached(r, REFERENCE_SENSE_RANK))
      // the sense the references say: only its glosses and the common ones say the idiom here
      const sense = senses.length > 0 ? senseSaid(glosses, refs) : -1
      const inSense = sense < 0 ? glosses : glosses.filter((g) => g.sense < 0 || g.sense === sense)
      return {
        id: ++examples,
        referenceWords: new Set(references.flatMap(tokeniseEnglish)),
        spanish: new Set(tokeniseSpanish(example.text).map((t) => t.folded)),
        glossWords: new Set(tokeniseEnglish([example.idiom.translation, ...allPhrases].join(' '))),
        idiomWords: tokeniseSpanish(example.conjugatedSnippet)
          .map((t) => t.folded)
          .filter((w) => w.length >= 4 && !SPANISH_FUNCTION_WORDS.has(w)),
        glosses,
        inSense,
        otherSense: sense < 0 ? [] : glosses.filter((g) => g.sense >= 0 && g.sense !== sense),
        meaning:
          sense < 0 ? (glosses[0]?.text ?? example.idiom.translation) : senseName(glosses, sense),
        refs,
        owns: literals.map((phrase) => literalOwn(phrase, refs, glosses)),
        literalRows: literalRowsOf(example.idiom.literals ?? [], refs),
        literalAdverbs: literalAdverbsOf(example.idiom.literals ?? [], references, [
          example.idiom.translation,
          ...allPhrases,
        ]),
        snippetAt: snippetSpan(example.text, example.conjugatedSnippet),
        spanishNegated: snippetNegated(example.text, example.conjugatedSnippet),
      }
    },
  )
  const copied = user.tokens.filter(
    (t) =>
      // the learner's tokens are already folded (tokeniseEnglish)
      (spanish.has(t) || SPANISH_FUNCTION_WORDS.has(t)) &&
      !referenceWords.has(t) &&
      !isFunctionWord(t),
  )
  if (copied.length >= Math.max(2, user.tokens.length * 0.5)) {
    return majorOnly('untranslated', 'This is Spanish. Write what the sentence means in English.')
  }
  const leftInSpanish = user.tokens.filter(
    (t) => idiomWords.includes(t) && !referenceWords.has(t) && !glossWords.has(t),
  )
  if (leftInSpanish.length > 0) {
    return majorOnly(
      'untranslated',
      `You left "${leftInSpanish[0]}" in Spanish. ${`"${example.idiom.text}"`} is an idiom: it means "${example.idiom.translation}".`,
    )
  }

  // a literal phrase's own words, one said word for word, or a plain adverb of one
  if (
    literalReading(owns, user, glosses, refs) ||
    literalSaid(literalRows, user, glosses) ||
    literalAdverbSaid(literalAdverbs, user, glosses)
  ) {
    return majorOnly(
      'literal',
      `That is the word-for-word reading. "${example.idiom.text}" is an idiom: it means "${example.idiom.translation}".`,
      TRANSLATION_CONFIDENCE.literal,
    )
  }

  let best: Judgement | null = null
  for (let i = 0; i < references.length; i++) {
    const j = judge(
      `${id}\u0002${i}`,
      references[i]!,
      refs[i]!,
      userText,
      user,
      inSense,
      example,
      snippetRange,
      spanishNegated,
      meaning,
    )
    if (!best || j.rank > best.rank) best = j
    if (best.rank === RANK.perfect) break
  }
  const { accuracy, mistakeType, feedback, confidence } = best!
  // the idiom's meaning missing where the learner gave its other sense ("stark naked" for
  // "clueless"): said so, and sure of it
  const other =
    mistakeType === 'meaning'
      ? otherSenseSaid(user, inSense, otherSense)
      : accuracy === 'perfect'
        ? otherSenseInstead(user, refs, inSense, otherSense)
        : null
  if (other) {
    return majorOnly(
      'meaning',
      `You gave "${example.idiom.text}" another of its meanings ("${other.text}"). In this sentence it means "${meaning}".`,
      TRANSLATION_CONFIDENCE.otherSense,
    )
  }
  return { accuracy, mistakeType, feedback, confidence }
}
