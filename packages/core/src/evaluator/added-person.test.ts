import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): the learner has someone else do what the reference's person
// does ("my brother and I" for "I"): a change of person, the rubric's minor slip (decision 055,
// session 11).
const scurry = (translation: string): EvaluatorExample => ({
  text: 'Cuando ladró el perro, salí como rata por tirante.',
  conjugatedSnippet: 'salí como rata por tirante',
  translation,
  idiom: {
    text: 'salir como rata por tirante',
    translation: 'to scurry off; to run off in a hurry',
    meanings: ['scurry off', 'run off', 'bolt'],
  },
})
const alone = scurry('When the dog barked, I ran off.')

describe("a person added beside the reference's own", () => {
  it('"my brother and I" for "I" is minor, and the feedback names who was added', () => {
    const r = gradeTranslation(alone, 'When the dog barked, my brother and I ran off.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toBe(
      'You got the idiom right, with a small slip. You added "my brother": the sentence does not name anyone else.',
    )
  })

  it('"me and Juan" for "I" is minor, the name as the learner wrote it', () => {
    const r = gradeTranslation(alone, 'When the dog barked, me and Juan ran off.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('You added "Juan"')
  })

  it('"I ran off" itself is perfect', () => {
    expect(gradeTranslation(alone, 'When the dog barked, I bolted.').accuracy).toBe('perfect')
  })

  it('"my sister and I" where the reference names the sister too is perfect', () => {
    const sister = scurry('When the dog barked at my sister, she and I ran off.')
    expect(
      gradeTranslation(sister, 'When the dog barked at my sister, my sister and I ran off.')
        .accuracy,
    ).toBe('perfect')
  })

  it('an "and" that joins two clauses adds nobody: perfect', () => {
    expect(gradeTranslation(alone, 'The dog barked at the gate and I ran off.').accuracy).toBe(
      'perfect',
    )
  })
})

// Session 12 (decision 055): someone close said to come along ("with my brother").
describe('a person added as company', () => {
  it('"I ran off with my brother" for "I ran off" is minor, and names who was added', () => {
    const r = gradeTranslation(alone, 'When the dog barked, I ran off with my brother.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('You added "my brother"')
  })

  it('a thing taken along adds nobody: "ran off with the money" is not read as a person', () => {
    expect(
      gradeTranslation(alone, 'When the dog barked, I ran off with the money.').feedback,
    ).not.toContain('You added')
  })
})
