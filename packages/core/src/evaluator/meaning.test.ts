import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { evaluate } from './index.js'
import { gradeTranslation, TRANSLATION_CONFIDENCE } from './translation.js'

// An idiom with meaning data, as content/ and the admin form give it (not one of the case sets).
const example: EvaluatorExample = {
  text: 'Después de tres derrotas seguidas, el técnico tiró la toalla y se fue a su casa el lunes.',
  conjugatedSnippet: 'tiró la toalla',
  translation: 'After three defeats in a row, the coach gave up and went home on Monday.',
  idiom: {
    text: 'tirar la toalla',
    translation: 'to give up',
    meanings: ['give up', 'throw in the towel', 'call it quits', 'admit defeat'],
    literals: ['throw the towel', 'toss the towel'],
  },
}
const grade = (text: string, ex: EvaluatorExample = example) => gradeTranslation(ex, text)

describe('meaning-level grading', () => {
  it('accepts any listed way of saying the meaning, a different English idiom included', () => {
    for (const answer of [
      'After three defeats in a row, the coach threw in the towel and went home on Monday.',
      'After three defeats in a row, the coach called it quits and went home on Monday.',
      'After three defeats in a row, the coach admitted defeat and went home on Monday.',
    ]) {
      expect(grade(answer).accuracy, answer).toBe('perfect')
    }
  })

  it('does not accept the same words without the meaning data', () => {
    const bare = { ...example, idiom: { text: 'tirar la toalla', translation: 'to give up' } }
    expect(
      grade(
        'After three defeats in a row, the coach admitted defeat and went home on Monday.',
        bare,
      ).accuracy,
    ).not.toBe('perfect')
  })

  it('grades a literal reading major and says what the idiom means', () => {
    const r = grade(
      'After three defeats in a row, the coach threw the towel and went home on Monday.',
    )
    expect(r).toMatchObject({ accuracy: 'major', mistakeType: 'literal' })
    expect(r.feedback).toContain('word-for-word')
    expect(r.feedback).toContain('"to give up"')
  })

  it('grades a missing idiom meaning major and names the meaning the learner missed', () => {
    const r = grade('After three defeats in a row, the coach went home on Monday.')
    expect(r.accuracy).toBe('major')
    expect(r.feedback).toBe(
      `Your translation misses the idiom's meaning: "tirar la toalla" means "give up".`,
    )
  })

  it('grades a dropped clause minor and names it in the sentence’s words', () => {
    const ex: EvaluatorExample = {
      ...example,
      translation: 'The coach gave up before the final whistle blew.',
    }
    const r = grade('The coach gave up.', ex)
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('You left out part of the sentence: "final whistle blew".')
  })

  it('grades a dropped detail minor and names it', () => {
    const r = grade('After three defeats in a row, the coach gave up and went home.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('"Monday"')
  })

  it('a meaning word is not matched by a more general one ("person" for "the best")', () => {
    const ex: EvaluatorExample = {
      text: 'Tu hermana es una persona de diez.',
      conjugatedSnippet: 'de diez',
      translation: 'Your sister is a wonderful person.',
      idiom: { text: 'de diez', translation: 'excellent', meanings: ['the best', 'great'] },
    }
    expect(grade('Your sister is a person.', ex).accuracy).not.toBe('perfect')
    expect(grade('Your sister is a great person.', ex).accuracy).toBe('perfect')
  })
})

describe('confidence', () => {
  it('is high for a listed meaning and low when unknown words stand where the idiom was', () => {
    const sure = grade(
      'After three defeats in a row, the coach threw in the towel and went home on Monday.',
    )
    expect(sure.confidence).toBe(TRANSLATION_CONFIDENCE.perfectByMeaning)
    const unsure = grade(
      'After three defeats in a row, the coach bowed out gracefully and went home on Monday.',
    )
    expect(unsure.accuracy).toBe('major')
    expect(unsure.confidence).toBe(TRANSLATION_CONFIDENCE.missingWithOtherWords)
  })

  it('evaluate() returns the lower of the two fields’ confidences', () => {
    const e = evaluate(example, {
      userTranscription: example.text,
      userTranslation:
        'After three defeats in a row, the coach bowed out gracefully and went home on Monday.',
    })
    expect(e.confidence).toBe(TRANSLATION_CONFIDENCE.missingWithOtherWords)
    const sure = evaluate(example, {
      userTranscription: example.text,
      userTranslation: example.translation,
    })
    expect(sure.confidence).toBeGreaterThanOrEqual(0.8)
  })
})
