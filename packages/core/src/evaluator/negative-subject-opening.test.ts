import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a short opening before a comma whose subject is "nobody",
// "no one" or "nothing" is a negative clause, not an interjection like "Don't worry," (whose
// "not" a learner may leave out: "Relax,"), so its negation counts on both sides
// (negativeSubjectOpening in translation.ts, decision 055, session 17).
const butt: EvaluatorExample = {
  text: 'Nadie te preguntó, así que no metas la cuchara.',
  conjugatedSnippet: 'no metas la cuchara',
  translation: "Nobody asked you, so don't butt in.",
  idiom: {
    text: 'meter la cuchara',
    translation: "to butt in; to stick one's oar in",
    meanings: ['butt in', "stick one's oar in", "poke one's nose in", "keep one's nose out"],
  },
}

describe('a negative subject opening the sentence', () => {
  it('"No one asked your opinion, so keep your nose out of it" for "Nobody asked you, …" is not the opposite', () => {
    const result = gradeTranslation(butt, 'No one asked your opinion, so keep your nose out of it.')
    expect(result.accuracy).not.toBe('major')
  })

  it('"Somebody asked you, …" for "Nobody asked you, …" is the opposite', () => {
    expect(gradeTranslation(butt, "Somebody asked you, so don't butt in.").accuracy).toBe('major')
  })

  it('an interjection opening is still left out: "Relax, …" for "Don\'t worry, …"', () => {
    const relax: EvaluatorExample = {
      ...butt,
      text: 'Tranqui, nadie te preguntó, así que no metas la cuchara.',
      translation: "Don't worry, nobody asked you, so don't butt in.",
    }
    expect(gradeTranslation(relax, "Relax, nobody asked you, so don't butt in.").accuracy).not.toBe(
      'major',
    )
  })
})
