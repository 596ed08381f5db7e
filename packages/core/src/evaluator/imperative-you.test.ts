import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): an imperative's doer is "you", unsaid; a learner who asks
// it as a question ("Could you …") names no other person (decision 055, session 18).
const favour = (translation: string, text: string): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'hacé la gauchada',
  translation,
  idiom: {
    text: 'hacer la gauchada',
    translation: 'to do someone a favour',
    meanings: ['do me a favour', 'do someone a favour', 'help out'],
  },
})
const plants = favour(
  'Do me a favour and water the plants on Sunday.',
  'Hacé la gauchada y regá las plantas el domingo.',
)
const neighbour = favour(
  'The neighbour did me a favour and watered the plants on Sunday.',
  'El vecino me hizo la gauchada y regó las plantas el domingo.',
)

describe('the unsaid "you" of an imperative', () => {
  it('"Could you do me a favour and water …" for "Do me a favour and water …" is perfect', () => {
    expect(
      gradeTranslation(plants, 'Could you do me a favour and water the plants on Sunday?').accuracy,
    ).toBe('perfect')
  })

  it('"you" for a statement\'s third person is still a person changed: minor', () => {
    expect(
      gradeTranslation(neighbour, 'You did me a favour and watered the plants on Sunday.').accuracy,
    ).toBe('minor')
  })
})
