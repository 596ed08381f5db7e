import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranscription } from './transcription.js'

const example: EvaluatorExample = {
  text: '¿Vos sabés que Juli se fue de boca con lo del viaje?',
  conjugatedSnippet: 'se fue de boca',
  translation: 'Did you know Juli blabbed about the trip?',
  idiom: { text: 'irse de boca', translation: 'to blab; to let something slip' },
}
const grade = (text: string, ex: EvaluatorExample = example) => gradeTranscription(ex, text)

describe('gradeTranscription', () => {
  describe('perfect', () => {
    it('ignores case, punctuation, inverted marks, spacing and ellipses', () => {
      expect(grade('vos sabés que  juli se fue de boca con lo del viaje…').accuracy).toBe('perfect')
    })
    it('accepts decomposed accents', () => {
      expect(grade('Vos sabe\u0301s que Juli se fue de boca con lo del viaje').accuracy).toBe(
        'perfect',
      )
    })
  })

  describe('minor', () => {
    it('grades a missing accent outside the idiom as minor', () => {
      const r = grade('Vos sabes que Juli se fue de boca con lo del viaje')
      expect(r).toMatchObject({ accuracy: 'minor', mistakeType: 'accent' })
      expect(r.missedWords).toEqual(['sabés'])
    })
    it('grades an accent slip inside the idiom as minor', () => {
      const ex = {
        ...example,
        text: 'Al final Juli se fue de boca, qué bronca.',
        conjugatedSnippet: 'se fue de boca',
      }
      expect(grade('Al final Juli se fué de boca, que bronca.', ex).accuracy).toBe('minor')
    })
    it('grades one or two small typos outside the idiom as minor', () => {
      expect(grade('Vos sabés que Juli se fue de boca con lo del viage').accuracy).toBe('minor')
    })
    it('grades one missing short word as minor', () => {
      expect(grade('Vos sabés que Juli se fue de boca con lo viaje').mistakeType).toBe(
        'missing_word',
      )
    })
    it('grades one extra short word such as "che" as minor', () => {
      expect(grade('Che, vos sabés que Juli se fue de boca con lo del viaje').mistakeType).toBe(
        'extra_word',
      )
    })
    it('grades a b/v confusion outside the idiom as minor', () => {
      expect(grade('Vos sabés que Juli se fue de boca con lo del biaje')).toMatchObject({
        accuracy: 'minor',
        mistakeType: 'spelling',
      })
    })
    it('grades a voseo verb swapped for its tú form outside the idiom as minor', () => {
      const ex = {
        ...example,
        text: 'Si querés, Juli se va de boca.',
        conjugatedSnippet: 'se va de boca',
      }
      expect(grade('Si quieres, Juli se va de boca.', ex)).toMatchObject({
        accuracy: 'minor',
        mistakeType: 'voseo',
      })
    })
    it('grades vos/tú forms that differ by the accent only as minor, even inside the idiom', () => {
      const ex = {
        ...example,
        text: 'No te hagás el otario.',
        conjugatedSnippet: 'te hagás el otario',
      }
      expect(grade('No te hagas el otario.', ex).accuracy).toBe('minor')
    })
  })

  describe('major', () => {
    it('grades a changed idiom word as major and names it', () => {
      const r = grade('Vos sabés que Juli se fue de bola con lo del viaje')
      expect(r).toMatchObject({ accuracy: 'major', mistakeType: 'idiom' })
      expect(r.feedback).toContain(
        'You wrote "bola" but heard "boca" — that word is part of the idiom.',
      )
      expect(r.missedWords).toEqual(['boca'])
    })
    it('does not allow sound-alike spellings inside the idiom', () => {
      const ex = {
        ...example,
        text: 'Me tomé el palo temprano.',
        conjugatedSnippet: 'Me tomé el palo',
      }
      expect(grade('Me tomé el valo temprano.', ex).accuracy).toBe('major')
    })
    it('grades a missing idiom word as major', () => {
      expect(grade('Vos sabés que Juli se fue con lo del viaje').accuracy).toBe('major')
    })
    it('grades a tú form with a different spelling inside the idiom as major', () => {
      const ex = { ...example, text: 'Vos podés con todo.', conjugatedSnippet: 'podés con todo' }
      expect(grade('Vos puedes con todo.', ex)).toMatchObject({
        accuracy: 'major',
        mistakeType: 'voseo',
      })
    })
    it('grades much of the sentence missing as major', () => {
      expect(grade('se fue de boca')).toMatchObject({ accuracy: 'major', mistakeType: 'sentence' })
    })
    it('grades an empty answer as major', () => {
      expect(grade('  ¿? ')).toMatchObject({ accuracy: 'major', mistakeType: 'empty' })
    })
    it('grades an English answer as major', () => {
      expect(grade('Did you know Juli blabbed about the trip?')).toMatchObject({
        accuracy: 'major',
        mistakeType: 'wrong_language',
      })
    })
  })
})

// Issue 12: feedback names what was missed once, in words a learner follows, not one sentence
// per word.
describe('several slips of one kind are told in one sentence', () => {
  it('two idiom words left out: "You missed "se" and "de" — these words …"', () => {
    const r = grade('Vos sabés que Juli fue boca con lo del viaje')
    expect(r.accuracy).toBe('major')
    expect(r.feedback).toBe('You missed "se" and "de" — these words are part of the idiom.')
  })
  it('one idiom word left out keeps the single sentence', () => {
    expect(grade('Vos sabés que Juli se fue boca con lo del viaje').feedback).toBe(
      'You missed "de" — that word is part of the idiom.',
    )
  })
  it('two words added outside the idiom: one sentence, the words listed', () => {
    const r = grade('Vos sabés que Juli se fue de boca con todo lo del viaje largo')
    expect(r.feedback).toContain('You added "todo" and "largo", which are not in the sentence.')
    expect(r.feedback).not.toContain('You added "largo"')
  })
  it('two misspelt words outside the idiom: one sentence, no idiom note', () => {
    expect(grade('Vos sabés que Juli se fue de boca con lo dell viage').feedback).toBe(
      'You wrote "dell" but heard "del", and "viage" but heard "viaje".',
    )
  })
  it('two misheard idiom words: each pair once, one idiom note', () => {
    expect(grade('Vos sabés que Juli se fui de bola con lo del viaje').feedback).toBe(
      'You wrote "fui" but heard "fue", and "bola" but heard "boca" — these words are part of the idiom.',
    )
  })
})
