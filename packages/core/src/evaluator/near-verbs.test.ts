import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a verb or an adjective of the sentence said with another word
// of one act or state (NEAR_VERBS, NEAR_ADJECTIVES in english.ts, session 13, decision 055)
// against two different actions or opposite states, which stay a changed detail.
const sulk = (translation: string, text: string): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'se hizo el otario',
  translation,
  idiom: {
    text: 'hacerse el otario',
    translation: 'to play dumb',
    meanings: ['play dumb', 'act dumb', 'feign ignorance'],
  },
})
const lowered = sulk(
  'The grocer lowered the prices and then played dumb about the old ones.',
  'El almacenero bajó los precios y después se hizo el otario con los viejos.',
)
const raised = sulk(
  'The plumber raised the price and played dumb.',
  'El plomero subió el precio y se hizo el otario.',
)
const watch = sulk(
  'The seller sold me a fake watch and played dumb.',
  'El vendedor me vendió un reloj trucho y se hizo el otario.',
)

describe('a verb or adjective said with another word of one act or state', () => {
  it('"cut" for "lowered" is perfect', () => {
    expect(
      gradeTranslation(
        lowered,
        'The grocer cut the prices and then played dumb about the old ones.',
      ).accuracy,
    ).toBe('perfect')
  })

  it('"put up" for "raised" is perfect (a phrasal verb of the group)', () => {
    expect(gradeTranslation(raised, 'The plumber put up the price and played dumb.').accuracy).toBe(
      'perfect',
    )
  })

  it('"knockoff" for "fake" is perfect', () => {
    expect(
      gradeTranslation(watch, 'The seller sold me a knockoff watch and played dumb.').accuracy,
    ).toBe('perfect')
  })
})

const temper = (translation: string, text: string): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'se calentó',
  translation,
  idiom: {
    text: 'calentarse',
    translation: 'to get angry',
    meanings: ['get angry', "lose one's temper", 'blow up'],
  },
})
const scratch = temper(
  'Dad got angry when he saw the scratch on the car.',
  'Papá se calentó cuando vio el rayón en el auto.',
)

describe("the idiom's meaning said with a word of its group", () => {
  it('"got mad" says "get angry"', () => {
    expect(
      gradeTranslation(scratch, 'Dad got mad when he saw the scratch on the car.').accuracy,
    ).toBe('perfect')
  })

  it('an opposite or another state does not: "got happy", "got tired" are major', () => {
    for (const answer of [
      'Dad got happy when he saw the scratch on the car.',
      'Dad got tired when he saw the scratch on the car.',
    ]) {
      const grade = gradeTranslation(scratch, answer)
      expect(grade.accuracy).toBe('major')
      expect(grade.feedback).toContain('get angry')
    }
  })
})
