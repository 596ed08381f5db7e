import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a reference that states something negated and ends in a
// question tag ("…, OK?"), and learners who type without punctuation.
const secret: EvaluatorExample = {
  text: 'Hacé la vista gorda y no le digas nada a nadie, ¿dale?',
  conjugatedSnippet: 'Hacé la vista gorda',
  translation: "Turn a blind eye and don't tell anyone, OK?",
  idiom: {
    text: 'hacer la vista gorda',
    translation: 'to turn a blind eye',
    meanings: ['turn a blind eye', 'look the other way', 'pretend not to see'],
    literals: ['make the fat sight'],
  },
}
const grade = (answer: string) => gradeTranslation(secret, answer)

describe('a statement with a question tag', () => {
  it('keeps its negation: the same negation typed without punctuation is no opposite', () => {
    for (const answer of [
      'hey dude turn a blind eye and do not tell anyone ok',
      "Look the other way and don't tell anybody, all right?",
      'Turn a blind eye and do not tell anyone.',
    ]) {
      const r = grade(answer)
      expect(r.accuracy, answer).toBe('perfect')
      expect(r.feedback, answer).not.toContain('check the negation')
    }
  })

  it('its negation left out is the opposite, named in the feedback', () => {
    const r = grade('Turn a blind eye and tell everyone, OK?')
    expect(r.accuracy).toBe('major')
    expect(r.feedback).toContain('check the negation')
  })

  it('a real question, asked with or without its question mark, negates nothing', () => {
    const asked: EvaluatorExample = {
      ...secret,
      text: '¿No vas a hacer la vista gorda?',
      conjugatedSnippet: 'hacer la vista gorda',
      translation: "Aren't you going to turn a blind eye?",
    }
    expect(gradeTranslation(asked, 'are you going to turn a blind eye').accuracy).toBe('perfect')
    expect(gradeTranslation(asked, 'Are you going to look the other way?').accuracy).toBe('perfect')
  })
})
