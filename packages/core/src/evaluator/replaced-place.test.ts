import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): the reference says the idiom where the Spanish does ("dumped")
// and a meaning phrase matches a second place too ("ran off with" is listed for "amurar").
const dump: EvaluatorExample = {
  text: 'Lo amuró a los dos meses y se fue con su mejor amigo.',
  conjugatedSnippet: 'Lo amuró',
  translation: 'She dumped him after two months and ran off with his best friend.',
  idiom: {
    text: 'amurar',
    translation: 'to dump, to walk out on (a partner)',
    meanings: ['dump', 'walk out on', 'leave', 'run off with someone else'],
  },
}

describe('the idiom said twice, the place of the Spanish idiom said with other words', () => {
  it('is the meaning missed, a major that names the word and the learner’s own', () => {
    const r = gradeTranslation(
      dump,
      'She kissed him after two months and ran off with his best friend.',
    )
    expect(r).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
    expect(r.feedback).toBe(
      'Your translation misses the idiom\'s meaning where the sentence says "dumped": "amurar" means "dump". You wrote "kissed", which does not say that.',
    )
  })

  it('a meaning phrase in that place stays perfect', () => {
    expect(
      gradeTranslation(
        dump,
        'She walked out on him after two months and ran off with his best friend.',
      ).accuracy,
    ).toBe('perfect')
  })

  it('the other place (not where the Spanish says the idiom) said in other words is no major', () => {
    expect(
      gradeTranslation(dump, 'She dumped him after two months and started dating his best friend.')
        .accuracy,
    ).toBe('perfect')
  })

  it('that place left out with nothing in its stead stays a clause left out, a minor', () => {
    const r = gradeTranslation(dump, 'She dumped him after two months.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('"ran off with his best friend"')
  })
})
