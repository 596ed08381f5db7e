import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a noun the lexicon reads as a verb form ("wedding",
// "ceiling": -ing; "rent": a past of "rend") is a noun where it heads a phrase after an article
// or a possessive, so changing it is the detail slip the rubric calls minor (headNounByPlace in
// translation.ts, decision 055, session 17). An -ing word that names its verb's act or stuff
// ("the washing") is often said by another noun and stays as it was.
const fool = (translation: string, text: string): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'hice un papelón',
  translation,
  idiom: {
    text: 'hacer un papelón',
    translation: 'to make a fool of oneself; to embarrass oneself',
    meanings: ['make a fool of oneself', 'embarrass oneself'],
  },
})
const wedding = fool(
  'I made a fool of myself at the wedding, in front of everyone.',
  'Hice un papelón en el casamiento, delante de todos.',
)
const ceiling = fool(
  'I made a fool of myself: I spilled paint on the ceiling.',
  'Hice un papelón: manché de pintura el techo.',
)
const rent = fool(
  'I made a fool of myself when I forgot to pay my rent.',
  'Hice un papelón cuando me olvidé de pagar el alquiler.',
)
const washing = fool(
  'I made a fool of myself when I dropped the washing in the mud.',
  'Hice un papelón cuando se me cayó la ropa en el barro.',
)

describe('a verb form that heads a noun phrase is a noun, a detail', () => {
  it('"the party" for "the wedding" is minor, named in the feedback', () => {
    const result = gradeTranslation(
      wedding,
      'I made a fool of myself at the party, in front of everyone.',
    )
    expect(result.accuracy).toBe('minor')
    expect(result.feedback).toContain('"party" where the sentence says "wedding"')
  })

  it('"the walls" for "the ceiling" is minor', () => {
    expect(
      gradeTranslation(ceiling, 'I made a fool of myself: I spilled paint on the walls.').accuracy,
    ).toBe('minor')
  })

  it('"my bills" for "my rent" (after a possessive, no verb) is minor', () => {
    expect(
      gradeTranslation(rent, 'I made a fool of myself when I forgot to pay my bills.').accuracy,
    ).toBe('minor')
  })

  it('the same nouns kept are still perfect', () => {
    expect(
      gradeTranslation(wedding, 'I embarrassed myself at the wedding in front of everybody.')
        .accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(rent, 'I embarrassed myself when I forgot to pay my rent.').accuracy,
    ).toBe('perfect')
  })

  it('"the clothes" for "the washing" (an -ing word that names its verb\'s stuff) stays perfect', () => {
    expect(
      gradeTranslation(washing, 'I made a fool of myself when I dropped the clothes in the mud.')
        .accuracy,
    ).toBe('perfect')
  })
})
