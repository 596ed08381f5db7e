import { diffArrays } from 'diff'
import { distance } from 'fastest-levenshtein'

import type { Accuracy, EvaluatorExample, MistakeType } from '../contract/evaluation.js'
import { isShortWord, isVoseoSwap, soundKey, SPANISH_FUNCTION_WORDS } from './spanish.js'
import { ENGLISH_FUNCTION_WORDS } from './english.js'
import { type Token, tokeniseSpanish } from './tokenise.js'

/** What went wrong with one word of the sentence. */
export type WordSlipKind = 'accent' | 'voseo' | 'confusion' | 'typo' | 'wrong' | 'missing' | 'extra'

export interface WordSlip {
  kind: WordSlipKind
  /** The word of the reference sentence, absent for an extra word. */
  heard?: Token
  /** The learner's word, absent for a missing word. */
  written?: Token
  inIdiom: boolean
}

type Aligned = Omit<WordSlip, 'kind'> & { kind: WordSlipKind | 'same' }

export interface TranscriptionResult {
  accuracy: Accuracy
  mistakeType: MistakeType
  feedback: string
  slips: WordSlip[]
  /** Reference words missed or got wrong, as written in the reference. */
  missedWords: string[]
  /** How sure the grade is, 0–1: lower near the line between minor and major. */
  confidence: number
}

/** Marks the tokens of `text` that belong to the conjugated snippet (the idiom as heard). */
export function idiomMask(text: Token[], snippet: string): boolean[] {
  const snip = tokeniseSpanish(snippet).map((t) => t.folded)
  const mask = text.map(() => false)
  if (snip.length === 0) return mask
  for (let i = 0; i + snip.length <= text.length; i++) {
    if (snip.every((w, k) => text[i + k]?.folded === w)) {
      for (let k = 0; k < snip.length; k++) mask[i + k] = true
      return mask
    }
  }
  // snippet not found verbatim: fall back to its words wherever they occur
  const words = new Set(snip)
  return text.map((t) => words.has(t.folded))
}

/** Classifies a written word standing where `heard` was expected. */
export function classifyWord(heard: Token, written: Token): WordSlipKind | 'same' {
  if (heard.norm === written.norm) return 'same'
  if (heard.folded === written.folded) return 'accent'
  if (isVoseoSwap(heard.surface, written.surface)) return 'voseo'
  if (soundKey(heard.surface) === soundKey(written.surface)) return 'confusion'
  const d = distance(heard.folded, written.folded)
  const longest = Math.max(heard.folded.length, written.folded.length)
  if (d <= 2 && longest >= 4 && d < longest / 2) return 'typo'
  if (d === 1 && longest === 3) return 'typo'
  return 'wrong'
}

const SUB_COST: Record<WordSlipKind | 'same', number> = {
  same: 0,
  accent: 0.1,
  voseo: 0.5,
  confusion: 0.5,
  typo: 1,
  wrong: 3.5,
  missing: 0,
  extra: 0,
}
const GAP_COST = 1.5

/** Pairs the words of one changed stretch (reference vs learner) with the cheapest edits. */
function alignHunk(heard: Token[], written: Token[], mask: boolean[]): Aligned[] {
  const n = heard.length
  const m = written.length
  const cost: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0))
  for (let i = 1; i <= n; i++) cost[i]![0] = i * GAP_COST
  for (let j = 1; j <= m; j++) cost[0]![j] = j * GAP_COST
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const sub = cost[i - 1]![j - 1]! + SUB_COST[classifyWord(heard[i - 1]!, written[j - 1]!)]
      cost[i]![j] = Math.min(sub, cost[i - 1]![j]! + GAP_COST, cost[i]![j - 1]! + GAP_COST)
    }
  }
  const slips: Aligned[] = []
  let i = n
  let j = m
  while (i > 0 || j > 0) {
    const h = heard[i - 1]
    const w = written[j - 1]
    if (h && w) {
      const kind = classifyWord(h, w)
      if (cost[i]![j] === cost[i - 1]![j - 1]! + SUB_COST[kind]) {
        slips.push({ kind, heard: h, written: w, inIdiom: mask[h.index] ?? false })
        i--
        j--
        continue
      }
    }
    if (h && (!w || cost[i]![j] === cost[i - 1]![j]! + GAP_COST)) {
      slips.push({ kind: 'missing', heard: h, inIdiom: mask[h.index] ?? false })
      i--
    } else if (w) {
      slips.push({ kind: 'extra', written: w, inIdiom: false })
      j--
    }
  }
  return slips.reverse()
}

/** Word-level differences between the reference sentence and the learner's transcription. */
export function compareWords(heard: Token[], written: Token[], mask: boolean[]): WordSlip[] {
  const changes = diffArrays(
    heard.map((t) => t.folded),
    written.map((t) => t.folded),
  )
  const aligned: Aligned[] = []
  let hi = 0
  let wi = 0
  for (let c = 0; c < changes.length; c++) {
    const change = changes[c]!
    if (!change.added && !change.removed) {
      for (let k = 0; k < change.value.length; k++) {
        const h = heard[hi++]!
        const w = written[wi++]!
        aligned.push({
          kind: h.norm === w.norm ? 'same' : 'accent',
          heard: h,
          written: w,
          inIdiom: mask[h.index] ?? false,
        })
      }
      continue
    }
    // a removed stretch and an added stretch next to each other form one hunk
    let removed = 0
    let added = 0
    while (c < changes.length && (changes[c]!.added || changes[c]!.removed)) {
      if (changes[c]!.removed) removed += changes[c]!.value.length
      else added += changes[c]!.value.length
      c++
    }
    c--
    aligned.push(...alignHunk(heard.slice(hi, hi + removed), written.slice(wi, wi + added), mask))
    hi += removed
    wi += added
  }
  // a word slipped in between two idiom words splits the idiom
  aligned.forEach((a, k) => {
    if (a.kind !== 'extra') return
    const prev = aligned
      .slice(0, k)
      .reverse()
      .find((x) => x.heard)
    const next = aligned.slice(k + 1).find((x) => x.heard)
    if (prev?.inIdiom && next?.inIdiom) a.inIdiom = true
  })
  return aligned.filter((a): a is WordSlip => a.kind !== 'same')
}

function looksEnglish(written: Token[], heard: Token[]): boolean {
  if (written.length < 2) return false
  const heardWords = new Set(heard.map((t) => t.folded))
  let english = 0
  let spanish = 0
  for (const t of written) {
    if (heardWords.has(t.folded) || SPANISH_FUNCTION_WORDS.has(t.folded)) spanish++
    else if (ENGLISH_FUNCTION_WORDS.has(t.folded)) english++
  }
  return english >= 2 && english > spanish
}

function quote(t: Token | undefined): string {
  return `"${t?.surface ?? ''}"`
}

function describe(slip: WordSlip): string {
  const idiomNote = slip.inIdiom ? ' — that word is part of the idiom.' : '.'
  switch (slip.kind) {
    case 'accent':
      return `You wrote ${quote(slip.written)} but heard ${quote(slip.heard)}: watch the accent.`
    case 'voseo':
      return `You wrote the tú form ${quote(slip.written)}, but the speaker used the vos form ${quote(slip.heard)}${idiomNote}`
    case 'confusion':
      return `You wrote ${quote(slip.written)} but heard ${quote(slip.heard)}: they sound the same, the spelling differs${idiomNote}`
    case 'typo':
    case 'wrong':
      return `You wrote ${quote(slip.written)} but heard ${quote(slip.heard)}${idiomNote}`
    case 'missing':
      return `You missed ${quote(slip.heard)}${idiomNote}`
    case 'extra':
      return `You added ${quote(slip.written)}, which is not in the sentence.`
  }
}

/** "a"; "a" and "b"; "a", "b" and "c"; past four items, how many more. */
function listOf(items: string[], last = ' and '): string {
  const shown = items.length > 4 ? [...items.slice(0, 3), `${items.length - 3} more`] : items
  return shown.length === 1
    ? shown[0]!
    : `${shown.slice(0, -1).join(', ')}${last}${shown[shown.length - 1]}`
}

/** What a group of slips of one kind says, once: "You missed "me" and "dio" — …". */
function describeGroup(group: WordSlip[]): string {
  const first = group[0]!
  if (group.length === 1) return describe(first)
  const idiomNote = first.inIdiom ? ' — these words are part of the idiom.' : '.'
  // "You wrote "fui" but heard "fue", and "bola" but heard "boca""
  const pairs = listOf(
    group.map((s) => `${quote(s.written)} but heard ${quote(s.heard)}`),
    ', and ',
  )
  switch (first.kind) {
    case 'accent':
      return `You wrote ${pairs}: watch the accents.`
    case 'voseo':
      return `You wrote the tú forms ${listOf(group.map((s) => quote(s.written)))}, but the speaker used the vos forms ${listOf(group.map((s) => quote(s.heard)))}${idiomNote}`
    case 'confusion':
      return `You wrote ${pairs}: they sound the same, the spelling differs${idiomNote}`
    case 'typo':
    case 'wrong':
      return `You wrote ${pairs}${idiomNote}`
    case 'missing':
      return `You missed ${listOf(group.map((s) => quote(s.heard)))}${idiomNote}`
    case 'extra':
      return `You added ${listOf(group.map((s) => quote(s.written)))}, which are not in the sentence.`
  }
}

/**
 * One sentence per kind of slip, in the order the kinds first come ("You missed "me" and "dio" —
 * these words are part of the idiom." rather than the same sentence for each word); a typo and a
 * wrong word read the same, and an idiom word's slip is told apart from the rest of the sentence's.
 */
function describeSlips(slips: WordSlip[]): string[] {
  const groups = new Map<string, WordSlip[]>()
  for (const slip of slips) {
    const kind = slip.kind === 'typo' ? 'wrong' : slip.kind
    const key = `${kind}/${slip.kind === 'extra' || slip.kind === 'accent' ? '' : slip.inIdiom}`
    const group = groups.get(key)
    if (group) group.push(slip)
    else groups.set(key, [slip])
  }
  return [...groups.values()].map(describeGroup)
}

function unique(words: string[]): string[] {
  return [...new Set(words)]
}

/**
 * Grades the learner's Spanish against the example sentence, following RUBRIC.md:
 * idiom words (the conjugated snippet) tolerate only accent slips; outside the idiom, a few small
 * slips (typos, sound-alike spellings, voseo swaps, one short word) make it minor.
 */
export function gradeTranscription(
  example: EvaluatorExample,
  userText: string,
): TranscriptionResult {
  const heard = tokeniseSpanish(example.text)
  const written = tokeniseSpanish(userText)
  const mask = idiomMask(heard, example.conjugatedSnippet)
  const everything = unique(heard.map((t) => t.surface))

  if (written.length === 0) {
    return {
      accuracy: 'major',
      mistakeType: 'empty',
      feedback: 'You did not write anything. Listen again and type what you hear.',
      slips: [],
      missedWords: everything,
      confidence: 0.99,
    }
  }
  if (looksEnglish(written, heard)) {
    return {
      accuracy: 'major',
      mistakeType: 'wrong_language',
      feedback: 'This looks like English. Type the Spanish words you hear, not a translation.',
      slips: [],
      missedWords: everything,
      confidence: 0.99,
    }
  }

  const slips = compareWords(heard, written, mask)
  const missedWords = unique(slips.flatMap((s) => (s.heard ? [s.heard.surface] : [])))

  const idiomSlips = slips.filter((s) => s.inIdiom && s.kind !== 'accent')
  const points = slips.reduce((sum, s) => sum + slipPoints(s), 0)
  const heavy = slips.filter(
    (s) =>
      s.kind === 'wrong' ||
      ((s.kind === 'missing' || s.kind === 'extra') && !isShortWord(wordOf(s))),
  ).length
  const typos = slips.filter((s) => s.kind === 'typo').length
  const matched =
    heard.length -
    slips.filter((s) => s.heard && (s.kind === 'missing' || s.kind === 'wrong')).length

  const notes = slips.filter((s) => s.kind !== 'accent' || s.inIdiom || slips.length <= 3)
  const details = describeSlips(
    idiomSlips.length ? idiomSlips : notes.length ? notes : slips,
  ).slice(0, 3)

  if (idiomSlips.length > 0) {
    const first = idiomSlips[0]!
    return {
      accuracy: 'major',
      mistakeType: first.kind === 'voseo' ? 'voseo' : 'idiom',
      feedback: details.join(' '),
      slips,
      missedWords,
      confidence: 0.95,
    }
  }
  // near the line between minor and major the rules are the least sure
  const borderline = heavy === 2 || points === 3 || points === 4 || typos === 2
  if (heavy >= 2 || points >= 4 || typos >= 3 || matched < heard.length * 0.6) {
    return {
      accuracy: 'major',
      mistakeType: 'sentence',
      feedback: `Much of the sentence is missing or different. ${details.join(' ')}`.trim(),
      slips,
      missedWords,
      confidence: borderline ? 0.7 : 0.95,
    }
  }
  if (slips.length === 0) {
    return {
      accuracy: 'perfect',
      mistakeType: 'none',
      feedback: 'Perfect transcription!',
      slips,
      missedWords,
      confidence: 0.99,
    }
  }
  return {
    accuracy: 'minor',
    mistakeType: minorType(slips),
    feedback: details.join(' '),
    slips,
    missedWords,
    confidence: borderline ? 0.7 : 0.95,
  }
}

function wordOf(slip: WordSlip): string {
  return (slip.heard ?? slip.written)?.folded ?? ''
}

function slipPoints(slip: WordSlip): number {
  switch (slip.kind) {
    case 'accent':
      return 0
    case 'voseo':
    case 'confusion':
    case 'typo':
      return 1
    case 'missing':
    case 'extra':
      return isShortWord(wordOf(slip)) ? 1 : 2
    case 'wrong':
      return 2
  }
}

function minorType(slips: WordSlip[]): MistakeType {
  const kinds = new Set(slips.map((s) => s.kind))
  if (kinds.has('wrong') || kinds.has('missing')) return 'missing_word'
  if (kinds.has('extra')) return 'extra_word'
  if (kinds.has('voseo')) return 'voseo'
  if (kinds.has('typo') || kinds.has('confusion')) return 'spelling'
  return 'accent'
}
