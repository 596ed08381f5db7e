/**
 * Grades the content's own examples (content/idioms/*.json) as a check that needs no test cases:
 * each accepted alternative against its example without that alternative (correct renderings:
 * they should be perfect, as far as the alternatives say the same as the reference), and each
 * example's literal rendering against its example without it (so only the idiom's `literals`
 * and the engine's rules can find it: it should be major). Prints the grade counts of both and,
 * with --list, each alternative not graded perfect and each literal not graded major.
 *
 * A tuning aid, not a measure: the content was written by the same authors as its meanings.
 * Usage: npx tsx scripts/evaluate-content.ts [--list]
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import type { ContentMeaning } from '../packages/core/src/evaluator/cases.js'
import { evaluate } from '../packages/core/src/evaluator/index.js'

const list = process.argv.includes('--list')
const contentDir = join(dirname(fileURLToPath(import.meta.url)), '../content/idioms')
const idioms = readdirSync(contentDir)
  .filter((f) => f.endsWith('.json'))
  .flatMap(
    (f) =>
      (JSON.parse(readFileSync(join(contentDir, f), 'utf8')) as { idioms: ContentMeaning[] })
        .idioms,
  )

const counts = {
  alternatives: { perfect: 0, minor: 0, major: 0 },
  literals: { perfect: 0, minor: 0, major: 0 },
}
for (const idiom of idioms) {
  const meaning = {
    text: idiom.text,
    translation: (idiom as { translation?: string }).translation ?? '',
    meanings: idiom.meanings,
    literals: idiom.literals,
    // an idiom of two senses keeps each sense's own phrases here (decision 067), as the server passes them
    senses: idiom.senses,
  }
  for (const e of (idiom.examples ?? []) as {
    text: string
    conjugatedSnippet: string
    translation: string
    alternatives?: string[]
    literal?: string
  }[]) {
    const grade = (answer: string, alternatives: string[], literal?: string) =>
      evaluate(
        {
          text: e.text,
          conjugatedSnippet: e.conjugatedSnippet,
          translation: e.translation,
          alternatives,
          literal,
          idiom: meaning,
        },
        { userTranscription: e.text, userTranslation: answer },
      )
    for (const alt of e.alternatives ?? []) {
      const r = grade(
        alt,
        (e.alternatives ?? []).filter((a) => a !== alt),
        e.literal,
      )
      counts.alternatives[r.translationAccuracy]++
      if (list && r.translationAccuracy !== 'perfect')
        console.log(
          JSON.stringify({ idiom: idiom.text, reference: e.translation, alternative: alt, ...r }),
        )
    }
    if (e.literal) {
      const r = grade(e.literal, e.alternatives ?? [])
      counts.literals[r.translationAccuracy]++
      if (list && r.translationAccuracy !== 'major')
        console.log(JSON.stringify({ idiom: idiom.text, literal: e.literal, ...r }))
    }
  }
}
console.log(JSON.stringify(counts))
