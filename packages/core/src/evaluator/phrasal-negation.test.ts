import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): "reject" says "not" as "refuse" does (NEGATIVE_VERBS in
// english.ts, session 13, decision 055), and a phrasal verb that says "not" ("turned down",
// "passed up") stands for it without being an opposite or a negation left out.
const actor = (translation: string): EvaluatorExample => ({
  text: 'El actor se piantó a España después de rechazar el papel.',
  conjugatedSnippet: 'se piantó',
  translation,
  idiom: {
    text: 'piantarse',
    translation: 'to take off; to run off',
    meanings: ['take off', 'run off', 'clear off'],
  },
})
const rejected = actor('The actor ran off to Spain after he rejected the part.')
const turnedDown = actor('The actor ran off to Spain after he turned down the part.')

describe('"rejected" says "not"', () => {
  it('"took the part" for "rejected the part" is the opposite, major', () => {
    const grade = gradeTranslation(rejected, 'The actor ran off to Spain after he took the part.')
    expect(grade.accuracy).toBe('major')
    expect(grade.feedback).toContain('opposite')
  })

  it('"turned down", "turned the part down", "passed up", "refused" for it are perfect', () => {
    for (const answer of [
      'The actor ran off to Spain after he turned down the part.',
      'The actor ran off to Spain after he turned the part down.',
      'The actor ran off to Spain after he passed up the part.',
      'The actor ran off to Spain after he refused the part.',
    ])
      expect(gradeTranslation(rejected, answer).accuracy).toBe('perfect')
  })

  it('"rejected" and "declined" for "turned down" are perfect', () => {
    for (const answer of [
      'The actor ran off to Spain after he rejected the part.',
      'The actor ran off to Spain after he declined the part.',
    ])
      expect(gradeTranslation(turnedDown, answer).accuracy).toBe('perfect')
  })
})
