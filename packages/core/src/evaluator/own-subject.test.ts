import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a meaning phrase with a subject of its own ("she calls the
// shots": the other one rules) said of the reference's own subject ("Tomás wears the trousers"
// for "Tomás is henpecked") turns the roles round: the opposite idiom (decision 055, session 16,
// second round).
const henpecked: EvaluatorExample = {
  text: 'Desde el casamiento, Tomás es un pollerudo.',
  conjugatedSnippet: 'es un pollerudo',
  translation: 'Since the wedding, Tomás is henpecked.',
  idiom: {
    text: 'ser un pollerudo',
    translation: 'to be henpecked',
    meanings: ['henpecked', 'under her thumb', 'she calls the shots', 'she rules the roost'],
    literals: ['wears a skirt'],
  },
}

describe('a meaning phrase with its own subject said of the reference’s subject', () => {
  it('"Tomás wears the trousers" does not say "she calls the shots": major', () => {
    expect(
      gradeTranslation(henpecked, 'Since the wedding, Tomás wears the trousers.').accuracy,
    ).toBe('major')
  })
  it('"Tomás\'s wife calls the shots" and "Tomás is under her thumb" say it: perfect', () => {
    expect(
      gradeTranslation(henpecked, "Since the wedding, Tomás's wife calls the shots.").accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(henpecked, 'Since the wedding, Tomás is under her thumb.').accuracy,
    ).toBe('perfect')
  })
})
