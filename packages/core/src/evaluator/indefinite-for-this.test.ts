import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a meaning phrase that points at its thing ("this week", "as
// of this very week") is not said by the same noun with an indefinite determiner ("in a later
// week", "some other week"): another one (decision 055, session 18).
const thisWeek: EvaluatorExample = {
  text: 'La obra se termina en la semana en curso, según el capataz.',
  conjugatedSnippet: 'en la semana en curso',
  translation: 'The building work will be finished this week, according to the foreman.',
  idiom: {
    text: 'en la semana en curso',
    translation: 'this week; during the current week',
    meanings: ['this week', 'this very week', 'during the current week'],
  },
}

describe('a pointed-at thing said with an indefinite determiner', () => {
  it('"in a later week" for "this week" is not the idiom: major', () => {
    expect(
      gradeTranslation(
        thisWeek,
        'The building work will be finished in a later week, according to the foreman.',
      ).accuracy,
    ).toBe('major')
  })

  it('"during this very week" is the meaning phrase: perfect', () => {
    expect(
      gradeTranslation(
        thisWeek,
        'The building work will be finished during this very week, according to the foreman.',
      ).accuracy,
    ).toBe('perfect')
  })
})
