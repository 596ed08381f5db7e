import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a verb idiom's meaning phrase whose first word the learner
// says as a noun or an adjective, right after a determiner, does not say the phrase (decision 055,
// second round).
const vouch: EvaluatorExample = {
  text: 'Los vecinos pusieron las manos en el fuego por el jardinero.',
  conjugatedSnippet: 'pusieron las manos en el fuego',
  translation: 'The neighbours vouched for the gardener in court.',
  idiom: {
    text: 'poner las manos en el fuego',
    translation: 'to vouch for someone; to stand up for someone',
    meanings: ['vouch for', 'witness', 'bear witness', 'testify for'],
  },
}
const slide: EvaluatorExample = {
  text: 'El árbitro dejó pasar la falta cuando el delantero se tiró.',
  conjugatedSnippet: 'dejó pasar',
  translation: 'The referee looked the other way when the striker dived.',
  idiom: {
    text: 'dejar pasar',
    translation: 'to let it slide; to look the other way',
    meanings: ['look the other way', "close one's eyes to", 'ignore'],
  },
}

describe('a noun where the meaning phrase has its verb', () => {
  it('"The witnesses doubted …" does not say "witness": not perfect', () => {
    expect(gradeTranslation(vouch, 'The witnesses doubted the gardener in court.').accuracy).toBe(
      'major',
    )
  })
  it('"bore witness for" and "testified for" still say it: perfect', () => {
    expect(
      gradeTranslation(vouch, 'The neighbours bore witness for the gardener in court.').accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(vouch, 'The neighbours testified for the gardener in court.').accuracy,
    ).toBe('perfect')
  })
})

describe('an adjective and a noun where the meaning phrase has a verb and its object', () => {
  it('"kept a close eye on it" does not say "close one\'s eyes to": not perfect', () => {
    expect(
      gradeTranslation(slide, 'The referee kept a close eye on it when the striker dived.')
        .accuracy,
    ).toBe('major')
  })
  it('"closed his eyes to it" says it: perfect', () => {
    expect(
      gradeTranslation(slide, 'The referee closed his eyes to it when the striker dived.').accuracy,
    ).toBe('perfect')
  })
})

// Made up: a word WordNet has as a noun only, the object of a light verb, met only through a noun
// sense of the phrase's verb ("a headache" is a worry as a thing, not the act of worrying;
// decision 055, session 16).
const fret: EvaluatorExample = {
  text: 'Mi hermana se hizo problema por el examen toda la noche.',
  conjugatedSnippet: 'se hizo problema',
  translation: 'My sister fretted about the exam all night.',
  idiom: {
    text: 'hacerse problema',
    translation: 'to worry; to fret',
    meanings: ['worry', 'fret', 'stress about'],
  },
}

describe("a noun only, a light verb's object, where the meaning phrase is a verb", () => {
  it('"had a headache" does not say "worry": major', () => {
    expect(
      gradeTranslation(fret, 'My sister had a headache from the exam all night.').accuracy,
    ).toBe('major')
  })
  it('"worried" and "stressed about" still say it: perfect', () => {
    expect(gradeTranslation(fret, 'My sister worried about the exam all night.').accuracy).toBe(
      'perfect',
    )
    expect(gradeTranslation(fret, 'My sister stressed about the exam all night.').accuracy).toBe(
      'perfect',
    )
  })
})
