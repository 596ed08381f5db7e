import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): an idiom of two senses (decision 067). The reference says
// which one the sentence uses; only that sense's phrases, and the common ones, say the idiom.
const bolas = {
  text: 'estar en bolas',
  translation: 'to be clueless; to be stark naked (vulgar)',
  meanings: [],
  senses: [
    ['be clueless', 'have no idea', 'not have a clue', 'be lost'],
    ['be stark naked', 'be naked', 'in the buff', 'without a stitch on'],
  ],
}
const exam: EvaluatorExample = {
  text: 'No estudié nada y estoy en bolas con el examen de mañana.',
  conjugatedSnippet: 'estoy en bolas',
  translation: "I didn't study at all and I'm clueless about tomorrow's exam.",
  idiom: bolas,
}
const shower: EvaluatorExample = {
  text: 'Salió de la ducha y estaba en bolas en el pasillo.',
  conjugatedSnippet: 'estaba en bolas',
  translation: 'He came out of the shower and he was stark naked in the hallway.',
  idiom: bolas,
}
/** The same idiom with every phrase in one flat list, as before senses. */
const flat = (example: EvaluatorExample): EvaluatorExample => ({
  ...example,
  idiom: { ...example.idiom, meanings: bolas.senses.flat(), senses: undefined },
})

describe('an idiom of two senses', () => {
  it("the other sense is major, and the feedback names this sentence's meaning", () => {
    const naked = "I didn't study at all and I'm stark naked about tomorrow's exam."
    const grade = gradeTranslation(exam, naked)
    expect(grade.accuracy).toBe('major')
    expect(grade.mistakeType).toBe('meaning')
    expect(grade.feedback).toBe(
      'You gave "estar en bolas" another of its meanings ("stark naked"). In this sentence it means "clueless".',
    )
    // one flat list cannot tell the senses apart: the other sense passed as perfect
    expect(gradeTranslation(flat(exam), naked).accuracy).toBe('perfect')

    const clueless = gradeTranslation(
      shower,
      'He came out of the shower and he was clueless in the hallway.',
    )
    expect(clueless.accuracy).toBe('major')
    expect(clueless.feedback).toContain('In this sentence it means "stark naked"')
  })

  it("the sentence's own sense is perfect in any of its phrases", () => {
    for (const answer of [
      "I didn't study at all and I have no idea about tomorrow's exam.",
      "I didn't study at all and I'm totally lost about tomorrow's exam.",
    ])
      expect(gradeTranslation(exam, answer).accuracy, answer).toBe('perfect')
    expect(
      gradeTranslation(shower, 'He came out of the shower and he was in the buff in the hallway.')
        .accuracy,
    ).toBe('perfect')
  })

  it('a phrase common to both senses says the idiom in either sentence', () => {
    const withCommon = (example: EvaluatorExample): EvaluatorExample => ({
      ...example,
      idiom: { ...bolas, meanings: ['be caught short'] },
    })
    expect(
      gradeTranslation(
        withCommon(exam),
        "I didn't study at all and I'm caught short about tomorrow's exam.",
      ).accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(
        withCommon(shower),
        'He came out of the shower and he was caught short in the hallway.',
      ).accuracy,
    ).toBe('perfect')
  })

  it('a reference that says no sense, or both, accepts every sense as before', () => {
    const neither: EvaluatorExample = {
      ...exam,
      translation: "I didn't study at all and I'm in a bad way with tomorrow's exam.",
    }
    const naked = "I didn't study at all and I'm stark naked with tomorrow's exam."
    expect(gradeTranslation(neither, naked)).toEqual(gradeTranslation(flat(neither), naked))
    const both: EvaluatorExample = {
      ...shower,
      translation: 'He came out of the shower stark naked and clueless in the hallway.',
    }
    const answer = 'He came out of the shower in the buff and clueless in the hallway.'
    expect(gradeTranslation(both, answer)).toEqual(gradeTranslation(flat(both), answer))
  })

  it('a part of the gloss takes the sense its phrases say, and names it ("any old way")', () => {
    const marchanta: EvaluatorExample = {
      text: 'Dejó la ropa a la marchanta en el piso del cuarto.',
      conjugatedSnippet: 'a la marchanta',
      translation: 'She left her clothes any old way on the bedroom floor.',
      idiom: {
        text: 'a la marchanta',
        translation: 'any old way, carelessly; (tossed) up for grabs',
        meanings: ['scattered'],
        // "up for grabs" is in no list: the phrase "for grabs" says it
        senses: [
          ['any old way', 'haphazardly', 'any which way'],
          ['for grabs', 'for the taking', 'a free-for-all'],
        ],
      },
    }
    const grabs = gradeTranslation(
      marchanta,
      'She left her clothes up for grabs on the bedroom floor.',
    )
    expect(grabs.accuracy).toBe('major')
    expect(grabs.feedback).toBe(
      'You gave "a la marchanta" another of its meanings ("up for grabs"). In this sentence it means "any old way".',
    )
    expect(
      gradeTranslation(marchanta, 'She left her clothes haphazardly on the bedroom floor.')
        .accuracy,
    ).toBe('perfect')
  })
})
