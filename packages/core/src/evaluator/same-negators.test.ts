import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): each "not" of the reference has its own in the learner's
// text, said of other words, so the statement is not turned round (sameNegatorCount in
// translation.ts, session 14, decision 055).
const lift: EvaluatorExample = {
  text: 'Ningún auto frenaba, así que hicimos dedo dos horas al costado de la ruta.',
  conjugatedSnippet: 'hicimos dedo',
  translation: 'Nobody was stopping, so we hitchhiked for two hours by the side of the road.',
  idiom: {
    text: 'hacer dedo',
    translation: 'to hitchhike',
    meanings: ['hitchhike', 'thumb a ride', 'hitch a ride'],
  },
}

describe('as many negators on both sides', () => {
  it('a negated clause said in other words with its own "no" is perfect', () => {
    expect(
      gradeTranslation(
        lift,
        'Nobody would pull over, so we hitched a ride for two hours by the side of the road.',
      ).accuracy,
    ).toBe('perfect')
  })

  it('a "not" of its own added to the idiom is still the opposite', () => {
    const grade = gradeTranslation(
      lift,
      'Nobody would pull over, so we never hitchhiked for two hours by the side of the road.',
    )
    expect(grade.accuracy).toBe('major')
    expect(grade.feedback).toContain('check the negation')
  })
})
