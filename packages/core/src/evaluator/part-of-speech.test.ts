import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a learner's word is read in the part of speech its place in
// the sentence gives it (decision 055, session 11). WordNet puts "father" and "mother" in one
// verb sense ("beget"), and "buy" and "steal" in one noun sense ("a good buy", "a steal").
const scurry = (translation: string): EvaluatorExample => ({
  text: 'Cuando ladró el perro, mi mamá salió como rata por tirante.',
  conjugatedSnippet: 'salió como rata por tirante',
  translation,
  idiom: {
    text: 'salir como rata por tirante',
    translation: 'to scurry off; to run off in a hurry',
    meanings: ['scurry off', 'run off', 'bolt'],
  },
})
const mother = scurry('When the dog barked, my mother ran off.')

describe('a noun after a determiner is compared as a noun', () => {
  it('"my father" for "my mother" is a changed detail: minor, named in the feedback', () => {
    const r = gradeTranslation(mother, 'When the dog barked, my father ran off.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toBe(
      'You got the idiom right, with a small slip. You wrote "father" where the sentence says "mother".',
    )
  })

  it('"my mother" for "my father" is minor too', () => {
    const father = scurry('When the dog barked, my father ran off.')
    expect(gradeTranslation(father, 'When the dog barked, my mother ran off.').accuracy).toBe(
      'minor',
    )
  })

  it('"my mom" for "my mother" is still the same person: perfect', () => {
    expect(gradeTranslation(mother, 'When the dog barked, my mom ran off.').accuracy).toBe(
      'perfect',
    )
  })

  it('"the ticket" for "the fine" (one word for the other in a rarer sense) stays perfect', () => {
    const fine = scurry('When the officer wrote the fine, the driver ran off.')
    expect(
      gradeTranslation(fine, 'When the officer wrote the ticket, the driver ran off.').accuracy,
    ).toBe('perfect')
  })
})

// Made up: an idiom whose meaning is "to steal"; the learner's past form is a verb, not the noun.
describe('a past form is compared as a verb', () => {
  const pinch: EvaluatorExample = {
    text: 'En el recital me afanaron la billetera.',
    conjugatedSnippet: 'me afanaron',
    translation: 'At the concert somebody stole my wallet.',
    idiom: {
      text: 'afanar',
      translation: 'to steal, to pinch',
      meanings: ['steal', 'pinch', 'nick', 'rob', 'swipe'],
    },
  }

  it('"bought" for "stole" misses the idiom\'s meaning: major, with what it means', () => {
    const r = gradeTranslation(pinch, 'At the concert somebody bought my wallet.')
    expect(r.accuracy).toBe('major')
    expect(r.feedback).toBe(
      'Your translation misses the idiom\'s meaning: "afanar" means "steal". You wrote "bought", which does not say that.',
    )
  })

  it('"nicked" and "swiped" for "stole" are perfect', () => {
    for (const answer of [
      'At the concert somebody nicked my wallet.',
      'At the concert somebody swiped my wallet.',
    ])
      expect(gradeTranslation(pinch, answer).accuracy, answer).toBe('perfect')
  })
})
