import { describe, expect, it } from 'vitest'

import { Evaluation, type EvaluatorExample } from '../contract/evaluation.js'
import { evaluate, GAVE_UP_FEEDBACK, gaveUpEvaluation } from './index.js'

const example: EvaluatorExample = {
  text: 'Hoy no hay clases, así que me tiro a la bartola.',
  conjugatedSnippet: 'me tiro a la bartola',
  translation: "There's no school today, so I'm lying around doing nothing.",
  idiom: { text: 'tirarse a la bartola', translation: 'to laze around; to take it easy' },
}

describe('evaluate', () => {
  it('returns a valid Evaluation with the reference translation', () => {
    const e = evaluate(example, {
      userTranscription: example.text,
      userTranslation: example.translation,
    })
    expect(Evaluation.parse(e)).toEqual(e)
    expect(e).toMatchObject({
      transcriptionAccuracy: 'perfect',
      translationAccuracy: 'perfect',
      englishTranslation: example.translation,
      mistakeType: 'none',
      missedWords: [],
      targetWords: [],
    })
  })
  it('lists missed words as heard and normalised for the Playroom', () => {
    const e = evaluate(example, {
      userTranscription: 'Hoy no hay clases, asi que me tiro a la barrola.',
      userTranslation: example.translation,
    })
    expect(e.missedWords).toEqual(['así', 'bartola'])
    expect(e.targetWords).toEqual(['así', 'bartola'])
    expect(e.mistakeType).toBe('idiom')
  })
  it('is deterministic', () => {
    const attempt = { userTranscription: 'hoy no hay clase', userTranslation: 'No school today.' }
    expect(evaluate(example, attempt)).toEqual(evaluate(example, attempt))
  })
})

describe('gaveUpEvaluation', () => {
  it('grades a given-up answer major on both fields, every word missed, and says it was a choice', () => {
    const e = gaveUpEvaluation(example)
    expect(Evaluation.parse(e)).toEqual(e)
    expect(e).toMatchObject({
      transcriptionAccuracy: 'major',
      translationAccuracy: 'major',
      transcriptionFeedback: GAVE_UP_FEEDBACK.transcription,
      translationFeedback: GAVE_UP_FEEDBACK.translation,
      englishTranslation: example.translation,
      mistakeType: 'empty',
      confidence: 1,
      gaveUp: true,
    })
    expect(e.missedWords).toEqual(
      evaluate(example, { userTranscription: '', userTranslation: '' }).missedWords,
    )
    expect(e.missedWords).toContain('bartola')
  })
})
