import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { wheneverForEveryTime } from './english.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): "whenever" and "every time" / "each time" say the same
// (wheneverForEveryTime in english.ts, session 14, decision 055).
const visit: EvaluatorExample = {
  text: 'Cada vez que viene mi suegra, se manda la parte con su auto nuevo.',
  conjugatedSnippet: 'se manda la parte',
  translation: 'Every time my mother-in-law visits, she shows off her new car.',
  idiom: { text: 'mandarse la parte', translation: 'to show off; to brag' },
}

describe('"whenever" for "every time"', () => {
  it('reads "every time" and "each time" as "whenever"', () => {
    expect(wheneverForEveryTime('Each time it rains, every time')).toBe(
      'whenever it rains, whenever',
    )
    expect(wheneverForEveryTime('at any time')).toBe('at any time')
  })

  it('"Whenever my mother-in-law visits" for "Every time …" is perfect', () => {
    expect(
      gradeTranslation(visit, 'Whenever my mother-in-law visits, she shows off her new car.')
        .accuracy,
    ).toBe('perfect')
  })

  it('"the first time" is still another detail', () => {
    const grade = gradeTranslation(
      visit,
      'The first time my mother-in-law visited, she showed off her new car.',
    )
    expect(grade.accuracy).toBe('minor')
  })
})
