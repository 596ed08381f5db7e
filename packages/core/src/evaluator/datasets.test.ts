import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { allMeanings } from '../contract/senses.js'
import { type ContentMeaning, parseCases, scoreCases, withContent } from './cases.js'
import { evaluate } from './index.js'
import { fold } from './normalise.js'

// The public dev set lives in shared/ beside the repository; the extra cases are our own.
const sets = {
  dev: fileURLToPath(new URL('../../../../../shared/evaluator/dev.jsonl', import.meta.url)),
  extra: fileURLToPath(new URL('./extra-cases.jsonl', import.meta.url)),
}

describe('evaluator agreement', () => {
  for (const [name, path] of Object.entries(sets)) {
    it.skipIf(!existsSync(path))(`meets the bar on the ${name} set`, () => {
      const { summary } = scoreCases(parseCases(readFileSync(path, 'utf8')), evaluate)
      expect(summary.criticalErrors).toBe(0)
      expect(summary.overall.rate).toBeGreaterThanOrEqual(0.95)
      for (const grade of ['perfect', 'minor', 'major'] as const) {
        expect(summary[grade].rate, grade).toBeGreaterThanOrEqual(0.9)
      }
    })
  }

  it('extra cases cover every grade of both fields on at least 60 cases', () => {
    const cases = parseCases(readFileSync(sets.extra, 'utf8'))
    expect(cases.length).toBeGreaterThanOrEqual(60)
    for (const field of ['transcription', 'translation'] as const) {
      for (const grade of ['perfect', 'minor', 'major'] as const) {
        expect(
          cases.some((c) => c.expect[field] === grade),
          `${field} ${grade}`,
        ).toBe(true)
      }
    }
  })

  // With the meaning data the server passes (content/idioms/*.json), as `npm run evaluate` runs.
  const contentDir = fileURLToPath(new URL('../../../../content/idioms/', import.meta.url))
  const content = (): ContentMeaning[] =>
    readdirSync(contentDir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => JSON.parse(readFileSync(`${contentDir}/${f}`, 'utf8')).idioms)
  // each set: its file, the overall agreement it must reach, the critical errors it may keep (0
  // unless given)
  const withMeanings: Record<string, readonly [path: string, bar: number, critical?: number]> = {
    dev: [sets.dev, 0.98],
    extra: [sets.extra, 0.98],
    // 98.4 % in session 17 (decision 055: a verb form heading a noun phrase is a detail)
    tuning: [fileURLToPath(new URL('./heldout/tuning.jsonl', import.meta.url)), 0.98],
    // the first held-out set's untouched half was measured once in session 2 and may be tuned
    // on since (decision 036); the second set's untouched half has no threshold here
    // raised in session 8 (98.4 % met)
    'spent untouched': [fileURLToPath(new URL('./heldout/untouched.jsonl', import.meta.url)), 0.97],
    'v2 tuning': [fileURLToPath(new URL('./heldout-v2/tuning.jsonl', import.meta.url)), 0.96],
    // the second set's untouched half was measured once in session 3 and is tuning material
    // since (decision 042)
    // raised in session 13 (decision 055: verb and adjective near-synonyms): 97.3 % met
    'spent v2 untouched': [
      fileURLToPath(new URL('./heldout-v2/untouched.jsonl', import.meta.url)),
      0.965,
    ],
    // the third set's untouched half was measured once in session 4 and is tuning material
    // since (decision 042, session 5)
    'spent v3 untouched': [
      fileURLToPath(new URL('./heldout-v3/untouched.jsonl', import.meta.url)),
      0.95,
    ],
    // the fourth set was measured once at the end of session 5 (heldout-v4/RESULTS.md) and is
    // tuning material since; its 6 critical errors are 0 since session 6 (decision 042)
    // raised in session 7 to the figures met (86.2 % tuning)
    // raised in session 10's second round (decision 055: a time phrase is a detail): 87.7 / 88.9 %
    // raised in session 12 (decision 055: near-synonym groups, past forms): 90.0 / 91.3 %
    // untouched raised in session 13 (decision 055): 92.1 %; session 14, with the library's
    // first parts' richer meaning and literal lists: 90.8 % tuning, 92.9 % untouched
    'spent v4 tuning': [
      fileURLToPath(new URL('./heldout-v4/tuning.jsonl', import.meta.url)),
      0.905,
    ],
    'spent v4 untouched': [
      fileURLToPath(new URL('./heldout-v4/untouched.jsonl', import.meta.url)),
      // 93.7 % in session 17
      0.935,
    ],
    // the fifth set was measured once at the start of session 7 (heldout-v5/RESULTS.md); its
    // tuning half keeps one critical error (below); its untouched half
    // was 83.0 % when measured and 84.4 % after session 7 (decision 042); 86.5 % in session 9;
    // 87.2 % in session 12; 88.7 % in session 13
    'spent v5 untouched': [
      fileURLToPath(new URL('./heldout-v5/untouched.jsonl', import.meta.url)),
      0.885,
    ],
    // decision 042 (session 5): its two critical errors, "far away from the corner" for "right
    // there, on the corner" and "Ask the landlord …" for "… if you don't ask, you don't get", were
    // meaning phrases found only in the sentence's own ordinary words
    // raised in session 13 (decision 055): 91.8 % met; 93.4 % in session 17
    'v3 tuning': [fileURLToPath(new URL('./heldout-v3/tuning.jsonl', import.meta.url)), 0.93],
    // decision 042 (session 7): of its three critical errors, "call off the work-to-rule" and
    // "married her … and ran off with" are majors now; "I'm stark naked" for "I'm totally
    // clueless" (the other sense of "estar en bolas") is left: nothing the engine has tells two
    // senses of a gloss apart from two wordings of one sense
    // 90.4 % in session 12, 91.1 % in session 13, 91.8 % in session 14; session 17 (decision
    // 067, the idiom's senses): "stark naked" a major, 92.5 % (0.9247) with none
    'spent v5 tuning': [
      fileURLToPath(new URL('./heldout-v5/tuning.jsonl', import.meta.url)),
      0.924,
    ],
    // the sixth set, measured once at the end of session 7 (heldout-v6/RESULTS.md: 86.2 %
    // untouched, 85.5 % tuning); its 9 critical errors (a meaning reversed by an antonym phrase,
    // a formal idiom read word for word that no literal list holds) are the next session's
    // material, and these bars may only go up from here. Session 8 (decision 042): six are
    // majors now (an antonym beside the meaning phrase, the Spanish's own "no", a literal with its
    // object inside, the learner's own negated words for a left-out idiom word, a meaning list's
    // literal reading); three are left: two other senses of a gloss ("to the right wing and to the
    // left wing", "tossed … up for grabs") and "neglected its obligations" (graded at 0.55, so the
    // hybrid engine asks the LLM). Session 9: 88.3 % (from 87.6 %), the same three; session 13:
    // 89.5 %; session 14: 91.0 % with two of the three left (the library's first parts' richer
    // meaning and literal lists, and decision 055's round); session 15: 91.3 % (a bare present);
    // session 16: 91.6 %, "the right wing and the left wing" a major (a compound's first word),
    // "tossed … up for grabs" left (another sense of the idiom); session 17 (decision 067): that
    // one a major too, 91.9 % with none
    'spent v6': [fileURLToPath(new URL('./heldout-v6/all.jsonl', import.meta.url)), 0.918],
    // the seventh set, measured once at the end of session 9 (heldout-v7/RESULTS.md: 86.3 %
    // untouched with one critical error, a meaning list's entry that held the literal reading,
    // fixed in the content since; 88.2 % tuning)
    // 90.6 % tuning, 88.8 % untouched in session 12 (decision 055), 91.1 % tuning in session 15,
    // 91.6 % in session 17
    'v7 tuning': [fileURLToPath(new URL('./heldout-v7/tuning.jsonl', import.meta.url)), 0.915],
    // 87.3 % since session 10's second round (decision 055), 89.3 % in session 14, 90.2 % in
    // session 17
    'spent v7 untouched': [
      fileURLToPath(new URL('./heldout-v7/untouched.jsonl', import.meta.url)),
      0.9,
    ],
    // the eighth set, measured once at 01:40 on 2026-11-24, session 10 (heldout-v8/RESULTS.md:
    // 86.1 % untouched with two critical errors, an opposite said in words no list holds;
    // 87.5 % tuning); both critical errors are majors since session 10's second round (decision
    // 055: a verb phrase's first word said as a noun or an adjective), 87.5 % with a time phrase
    // as a detail; 91.7 % tuning, 88.9 % untouched in session 12; 89.4 % untouched in session 13
    // 93.1 % tuning, 90.3 % untouched in session 17 (decision 055: a clause's "not")
    'v8 tuning': [fileURLToPath(new URL('./heldout-v8/tuning.jsonl', import.meta.url)), 0.93],
    // 89.8 % in session 15 (one word of the learner's says one of the reference's)
    'spent v8 untouched': [
      fileURLToPath(new URL('./heldout-v8/untouched.jsonl', import.meta.url)),
      0.9,
    ],
    // the ninth set, measured once at 07:42 on 2026-11-24, session 12 (heldout-v9/RESULTS.md:
    // 88.4 % untouched, no critical error; 88.9 % tuning, whose one critical error is a role
    // swap by word order, "as a defendant, not as a witness" for "as a witness, not as a defendant")
    // raised in session 13 (decision 055): 89.4 % tuning, 88.9 % untouched; session 14: the role
    // swap is a major ("not" moved, decision 055), 89.8 % tuning with no critical error
    'v9 tuning': [fileURLToPath(new URL('./heldout-v9/tuning.jsonl', import.meta.url)), 0.895],
    // 89.4 % in session 14; 90.7 % in session 16's second round ("couldn't" for "can't"); 91.7 %
    // in session 17
    'spent v9 untouched': [
      fileURLToPath(new URL('./heldout-v9/untouched.jsonl', import.meta.url)),
      0.915,
    ],
    // the tenth set, measured once at 11:25 on 2026-11-24, session 13 (heldout-v10/RESULTS.md:
    // 89.4 % untouched with one critical error, "isn't well enough to sign" for "doesn't see fit
    // to sign"; 88.0 % tuning with two, a word-for-word "headache" and a role swap by word order)
    // raised in session 14 (decision 055): the role swap and "well enough to" are majors, 89.4 %
    // tuning (the "headache" left; 89.8 % with "whenever"), 91.7 % untouched with no critical error;
    // session 16: "had a headache" a major (a noun only says no verb phrase), 90.3 % tuning
    // session 17: 90.7 % tuning, 92.1 % untouched; session 18: 92.6 % untouched (an
    // imperative's unsaid "you")
    'v10 tuning': [fileURLToPath(new URL('./heldout-v10/tuning.jsonl', import.meta.url)), 0.905],
    'spent v10 untouched': [
      fileURLToPath(new URL('./heldout-v10/untouched.jsonl', import.meta.url)),
      0.925,
    ],
    // the eleventh set, measured once at 15:12 on 2026-11-24, session 14 (heldout-v11/RESULTS.md:
    // 88.9 % untouched with one critical error, a "not" moved to the other clause; 91.7 % tuning
    // with none); session 14's second round: the moved "not" major, a changed quantity minor
    // and a possessive's person (untouched 90.3 % with none, tuning 92.6 %); session 16's third
    // round: "two left feet" and "only just scraped through" read as they are (tuning 93.5 %)
    'v11 tuning': [fileURLToPath(new URL('./heldout-v11/tuning.jsonl', import.meta.url)), 0.935],
    'spent v11 untouched': [
      fileURLToPath(new URL('./heldout-v11/untouched.jsonl', import.meta.url)),
      0.9,
    ],
    // the twelfth set, measured once at 18:05 on 2026-11-24, session 15 (heldout-v12/RESULTS.md:
    // 92.1 % untouched with no critical error; 85.2 % tuning with two, "put on my oldest clothes"
    // for getting dressed up and the word-for-word "with full rights"); session 16: the first a
    // major (a reference's verb is not carried over by a noun), 85.6 % with one; session 17
    // (decision 067): "with full rights", the idiom's other sense, a major, 86.1 % with none;
    // with session 17's rules (decision 055), 86.6 % before senses
    'v12 tuning': [fileURLToPath(new URL('./heldout-v12/tuning.jsonl', import.meta.url)), 0.865],
    'spent v12 untouched': [
      fileURLToPath(new URL('./heldout-v12/untouched.jsonl', import.meta.url)),
      0.92,
    ],
    // the thirteenth set, measured once at 20:30 on 2026-11-24, session 16 (heldout-v13/RESULTS.md:
    // 85.6 % untouched with three critical errors, an opposite English idiom, a phrasal verb's
    // particle replaced and a literal reading that keeps "talk"; 88.4 % tuning with one); session
    // 16's second round: the tuning one ("against the wall" without its "back") a major, 89.4 %;
    // third round: "texted" a past, 89.8 %; session 17: 90.3 %
    'v13 tuning': [fileURLToPath(new URL('./heldout-v13/tuning.jsonl', import.meta.url)), 0.9, 0],
    // (second round: the phrasal verb's particle replaced and the opposite English idiom majors,
    // 86.6 % with one; session 17: 87.0 %)
    'spent v13 untouched': [
      fileURLToPath(new URL('./heldout-v13/untouched.jsonl', import.meta.url)),
      0.87,
      1,
    ],
    // the fourteenth set, measured once at 23:58 on 2026-11-24, session 17 (heldout-v14/RESULTS.md:
    // 88.9 % untouched with two critical errors, a literal "has codes" and "at a later date" for
    // "today"; 87.0 % tuning with three, two literal readings and an other-sense answer whose
    // reference says neither sense's words); then "present the bill" and "send the bill for it"
    // moved from pasar factura's meanings to its literals, 87.5 % with two
    'v14 tuning': [fileURLToPath(new URL('./heldout-v14/tuning.jsonl', import.meta.url)), 0.875, 2],
    // session 18 (decision 055): "has codes" and "at a later date" majors, "headmaster" for
    // "headmistress" minor, "want more than a bare pass" and "anyone" for "people" perfect: 91.7 %
    // with no critical error
    'spent v14 untouched': [
      fileURLToPath(new URL('./heldout-v14/untouched.jsonl', import.meta.url)),
      0.915,
      0,
    ],
    // the fifteenth set, measured once at 02:43 on 2026-11-25, session 18 (heldout-v15/RESULTS.md:
    // 88.0 % untouched with three critical errors — an opposite said with the rest of the sentence
    // kept, a literal "by car", the idiom's other sense —; 87.5 % tuning with one, the other sense)
    // after it (decision 055, session 18): a chance gone by said as still open, the other sense
    // in the idiom's place, a phrase said around its verb's object: 88.4 % tuning with no
    // critical error; and a noun many literal readings give ("car"), added: 89.8 % untouched with
    // none
    'v15 tuning': [fileURLToPath(new URL('./heldout-v15/tuning.jsonl', import.meta.url)), 0.88, 0],
    'spent v15 untouched': [
      fileURLToPath(new URL('./heldout-v15/untouched.jsonl', import.meta.url)),
      0.895,
      0,
    ],
  }
  for (const [name, [path, bar, critical = 0]] of Object.entries(withMeanings)) {
    it.skipIf(!existsSync(path))(`meets the bar on the ${name} set with content meanings`, () => {
      const cases = withContent(parseCases(readFileSync(path, 'utf8')), content())
      const { summary } = scoreCases(cases, evaluate)
      expect(summary.criticalErrors).toBeLessThanOrEqual(critical)
      expect(summary.overall.rate).toBeGreaterThanOrEqual(bar)
    })
  }

  for (const [name, folder] of [
    ['second', 'heldout-v2'],
    ['third', 'heldout-v3'],
    ['fourth', 'heldout-v4'],
    ['fifth', 'heldout-v5'],
    ['sixth', 'heldout-v6'],
    ['seventh', 'heldout-v7'],
    ['eighth', 'heldout-v8'],
    ['ninth', 'heldout-v9'],
    ['tenth', 'heldout-v10'],
    ['eleventh', 'heldout-v11'],
    ['twelfth', 'heldout-v12'],
    ['thirteenth', 'heldout-v13'],
    ['fourteenth', 'heldout-v14'],
    ['fifteenth', 'heldout-v15'],
  ] as const)
    it(`the ${name} held-out set covers every grade of both fields, split by idiom`, () => {
      const read = (file: string) =>
        parseCases(
          readFileSync(fileURLToPath(new URL(`./${folder}/${file}`, import.meta.url)), 'utf8'),
        )
      const all = read('all.jsonl')
      const tuning = read('tuning.jsonl')
      const untouched = read('untouched.jsonl')
      expect(all.length).toBeGreaterThanOrEqual(200)
      expect(tuning.length + untouched.length).toBe(all.length)
      const idioms = (cases: typeof all) => new Set(cases.map((c) => c.idiom.text))
      for (const idiom of idioms(tuning)) expect(idioms(untouched).has(idiom), idiom).toBe(false)
      for (const field of ['transcription', 'translation'] as const)
        for (const grade of ['perfect', 'minor', 'major'] as const)
          expect(
            all.filter((c) => c.expect[field] === grade).length,
            `${field} ${grade}`,
          ).toBeGreaterThanOrEqual(20)
    })

  it('the third held-out set is on idioms no earlier set uses', () => {
    const idiomsOf = (path: string) =>
      new Set(parseCases(readFileSync(path, 'utf8')).map((c) => fold(c.idiom.text)))
    const third = idiomsOf(fileURLToPath(new URL('./heldout-v3/all.jsonl', import.meta.url)))
    const earlier = [
      sets.extra,
      fileURLToPath(new URL('./heldout/all.jsonl', import.meta.url)),
      fileURLToPath(new URL('./heldout-v2/all.jsonl', import.meta.url)),
      ...(existsSync(sets.dev) ? [sets.dev] : []),
    ]
    for (const path of earlier)
      for (const idiom of idiomsOf(path)) expect(third.has(idiom), idiom).toBe(false)
  })

  // The fourth (session 5), fifth (session 6) and sixth (session 7) sets are checked for format
  // and disjointness here; the agreement bars of the fourth and fifth, set once the lead had
  // measured each untouched half, are above. The sixth is on the 25 content idioms left unused.
  const heldoutFolders = [
    'heldout',
    'heldout-v2',
    'heldout-v3',
    'heldout-v4',
    'heldout-v5',
    'heldout-v6',
    'heldout-v7',
    'heldout-v8',
    'heldout-v9',
    'heldout-v10',
    'heldout-v11',
    'heldout-v12',
    'heldout-v13',
    'heldout-v14',
    'heldout-v15',
  ] as const
  for (const [name, index, idiomCount] of [
    ['fourth', 3, 26],
    ['fifth', 4, 26],
    ['sixth', 5, 25],
    // the seventh set's idioms were added to content/ (part-3.json) after it was written
    ['seventh', 6, 24],
    // and the eighth set's to part-4.json (session 10), the ninth's to part-5.json (session 12),
    // the tenth's to part-6.json (session 13), the eleventh's to part-7.json (session 14), the
    // twelfth's to part-8.json (session 15), the thirteenth's to part-9.json (session 16), the
    // fourteenth's to part-10.json (session 17), the fifteenth's to part-11.json (session 18)
    ['eighth', 7, 24],
    ['ninth', 8, 24],
    ['tenth', 9, 24],
    ['eleventh', 10, 24],
    ['twelfth', 11, 24],
    ['thirteenth', 12, 24],
    ['fourteenth', 13, 24],
    ['fifteenth', 14, 24],
  ] as const)
    it(`the ${name} held-out set is on idioms no earlier set uses, with content glosses`, () => {
      const casesOf = (path: string) => parseCases(readFileSync(path, 'utf8'))
      const idiomsOf = (path: string) => new Set(casesOf(path).map((c) => fold(c.idiom.text)))
      const allOf = (folder: string) =>
        fileURLToPath(new URL(`./${folder}/all.jsonl`, import.meta.url))
      const setPath = allOf(heldoutFolders[index])
      const idioms = idiomsOf(setPath)
      expect(idioms.size).toBe(idiomCount)
      const earlier = [
        sets.extra,
        ...heldoutFolders.slice(0, index).map(allOf),
        ...(existsSync(sets.dev) ? [sets.dev] : []),
      ]
      for (const path of earlier)
        for (const idiom of idiomsOf(path)) expect(idioms.has(idiom), idiom).toBe(false)
      // each case names a content idiom by its exact text and gloss, and its snippet is in its text
      const glosses: { text: string; translation: string }[] = readdirSync(contentDir)
        .filter((f) => f.endsWith('.json'))
        .flatMap((f) => JSON.parse(readFileSync(`${contentDir}/${f}`, 'utf8')).idioms)
      const gloss = new Map(glosses.map((i) => [i.text, i.translation]))
      for (const c of casesOf(setPath)) {
        expect(gloss.get(c.idiom.text), c.id).toBe(c.idiom.translation)
        expect(c.text.includes(c.conjugatedSnippet), c.id).toBe(true)
      }
    })

  // The seventh (session 9), eighth (session 10), ninth (session 12) and tenth (session 13) sets
  // are on 24 idioms each that were not in content/ when they were written: their authors listed
  // them in idioms.json for the content curator, who added them as content/idioms/part-3.json,
  // part-4.json, part-5.json and part-6.json (checked with the earlier sets above). Format and
  // disjointness here; the agreement bars of the first three, set once each untouched half was
  // measured, are above. The tenth's bars were set once its untouched half was measured.
  // The eleventh (session 14) is on 24 more such idioms, added as part-7.json (checked above).
  // The twelfth (session 15, ids `s###`) is on 24 more, the same way (part-8.json, checked above);
  // its bars were set once its untouched half was measured.
  // The thirteenth (session 16, ids `r###`) is on 24 more, the same way: no agreement bar until
  // the lead has measured its untouched half, no content check until its idioms are in content/.
  // (the eighth's to thirteenth's briefs also fixed at least 400 cases and 16 to 19 per idiom;
  // the seventh has 12 on one idiom, so it is held to the older bar of 200 cases only)
  const newIdiomSets: readonly {
    name: string
    folder: string
    idPattern: RegExp
    minCases: number
    perIdiom?: readonly [min: number, max: number]
  }[] = [
    { name: 'seventh', folder: 'heldout-v7', idPattern: /^v\d{3}$/, minCases: 200 },
    {
      name: 'eighth',
      folder: 'heldout-v8',
      idPattern: /^w\d{3}$/,
      minCases: 400,
      perIdiom: [16, 19],
    },
    {
      name: 'ninth',
      folder: 'heldout-v9',
      idPattern: /^x\d{3}$/,
      minCases: 400,
      perIdiom: [16, 19],
    },
    {
      name: 'tenth',
      folder: 'heldout-v10',
      idPattern: /^u\d{3}$/,
      minCases: 400,
      perIdiom: [16, 19],
    },
    {
      name: 'eleventh',
      folder: 'heldout-v11',
      idPattern: /^t\d{3}$/,
      minCases: 400,
      perIdiom: [16, 19],
    },
    {
      name: 'twelfth',
      folder: 'heldout-v12',
      idPattern: /^s\d{3}$/,
      minCases: 400,
      perIdiom: [16, 19],
    },
    {
      name: 'thirteenth',
      folder: 'heldout-v13',
      idPattern: /^r\d{3}$/,
      minCases: 400,
      perIdiom: [16, 19],
    },
    // the fourteenth (session 17, ids `q###`) and fifteenth (session 18, ids `p###`), 18 per idiom
    {
      name: 'fourteenth',
      folder: 'heldout-v14',
      idPattern: /^q\d{3}$/,
      minCases: 432,
      perIdiom: [18, 18],
    },
    {
      name: 'fifteenth',
      folder: 'heldout-v15',
      idPattern: /^p\d{3}$/,
      minCases: 432,
      perIdiom: [18, 18],
    },
  ]
  for (const [index, { name, folder, idPattern, minCases, perIdiom }] of newIdiomSets.entries())
    it(`the ${name} held-out set is on its own new idioms, with unique ids and new sentences`, () => {
      const casesOf = (path: string) => parseCases(readFileSync(path, 'utf8'))
      const allOf = (folder: string) =>
        fileURLToPath(new URL(`./${folder}/all.jsonl`, import.meta.url))
      const cases = casesOf(allOf(folder))
      const listed: { text: string; translation: string }[] = JSON.parse(
        readFileSync(fileURLToPath(new URL(`./${folder}/idioms.json`, import.meta.url)), 'utf8'),
      )
      expect(listed).toHaveLength(24)
      const gloss = new Map(listed.map((i) => [i.text, i.translation]))
      expect(gloss.size).toBe(24)
      expect(cases.length).toBeGreaterThanOrEqual(minCases)
      expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length)
      const countOf = new Map<string, number>()
      for (const c of cases) {
        expect(c.id, c.id).toMatch(idPattern)
        expect(gloss.get(c.idiom.text), c.id).toBe(c.idiom.translation)
        expect(c.text.includes(c.conjugatedSnippet), c.id).toBe(true)
        // each case checks one field; the other carries the reference answer
        expect(Object.keys(c.expect), c.id).toHaveLength(1)
        if (c.expect.transcription) expect(c.userTranslation, c.id).toBe(c.translation)
        if (c.expect.translation) expect(c.userTranscription, c.id).toBe(c.text)
        countOf.set(c.idiom.text, (countOf.get(c.idiom.text) ?? 0) + 1)
      }
      expect(countOf.size).toBe(24)
      if (perIdiom)
        for (const [idiom, count] of countOf) {
          expect(count, idiom).toBeGreaterThanOrEqual(perIdiom[0])
          expect(count, idiom).toBeLessThanOrEqual(perIdiom[1])
        }
      const earlier = [
        sets.extra,
        ...heldoutFolders.filter((f) => !newIdiomSets.some((set) => set.folder === f)).map(allOf),
        ...newIdiomSets.slice(0, index).map((set) => allOf(set.folder)),
        ...(existsSync(sets.dev) ? [sets.dev] : []),
      ].flatMap(casesOf)
      // no idiom of an earlier set
      const written = new Set(listed.map((i) => fold(i.text)))
      const oldIdioms = new Set(earlier.map((c) => fold(c.idiom.text)))
      for (const idiom of written) expect(oldIdioms.has(idiom), idiom).toBe(false)
      // no sentence, reference translation or answer equal to an earlier set's, up to case,
      // accents and punctuation
      const plain = (s: string) =>
        s
          .normalize('NFD')
          .replace(/\p{M}/gu, '')
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim()
      const strings = (c: (typeof earlier)[number]) =>
        [c.text, c.translation, c.userTranscription, c.userTranslation].map(plain).filter(Boolean)
      const seen = new Set(earlier.flatMap(strings))
      for (const c of cases)
        for (const s of strings(c)) expect(seen.has(s), `${c.id}: ${s}`).toBe(false)
    })

  // An admin's own idiom has a text and a gloss only: the same sets with the content's meaning
  // lists and literals withheld (`npx tsx scripts/evaluate-sets.ts --no-meanings`, decision 042,
  // session 9). Sets without critical errors that way are held at no fewer grades than then.
  const withoutMeanings: Record<string, readonly [path: string, bar: number]> = {
    dev: [sets.dev, 0.97],
    extra: [sets.extra, 0.98],
    // raised in session 13 (decision 055): 87.5 % and 83.3 % met; v1 tuning 88.6 % in session 17
    'v1 tuning': [fileURLToPath(new URL('./heldout/tuning.jsonl', import.meta.url)), 0.88],
    'v2 untouched': [fileURLToPath(new URL('./heldout-v2/untouched.jsonl', import.meta.url)), 0.83],
  }
  for (const [name, [path, bar]] of Object.entries(withoutMeanings)) {
    it.skipIf(!existsSync(path))(`meets the bar on the ${name} set with a gloss only`, () => {
      const glossOnly = content().map((i) => ({
        ...i,
        meanings: undefined,
        literals: undefined,
        senses: undefined,
      }))
      const cases = withContent(
        parseCases(readFileSync(path, 'utf8')).map((c) => ({
          ...c,
          idiom: { text: c.idiom.text, translation: c.idiom.translation },
        })),
        glossOnly,
      )
      const { summary } = scoreCases(cases, evaluate)
      expect(summary.criticalErrors).toBe(0)
      expect(summary.overall.rate).toBeGreaterThanOrEqual(bar)
    })
  }

  it('every content idiom says its meaning several ways and has literal readings', () => {
    for (const idiom of content()) {
      expect(allMeanings(idiom).length, idiom.text).toBeGreaterThanOrEqual(3)
      // each sense of an idiom of several (decision 067) several ways too
      for (const sense of idiom.senses ?? [])
        expect(sense.length, `${idiom.text}: ${sense[0]}`).toBeGreaterThanOrEqual(3)
      expect(idiom.literals?.length ?? 0, idiom.text).toBeGreaterThanOrEqual(1)
    }
  })
})
