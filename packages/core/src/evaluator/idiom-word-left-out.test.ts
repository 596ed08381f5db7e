import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a meaning phrase ("wreck") is found at a word the reference
// says outside the idiom ("crashed"), and the reference's word for the idiom ("wrote off") is one
// no meaning phrase finds.
const bike: EvaluatorExample = {
  text: 'Mi primo chocó y hizo pelota la moto de su novia.',
  conjugatedSnippet: 'hizo pelota',
  translation: "My cousin crashed and wrote off his girlfriend's motorbike.",
  idiom: {
    text: 'hacer pelota',
    translation: 'to wreck; to smash up',
    meanings: ['wreck', 'smash up', 'destroy', 'ruin'],
    literals: ['make ball'],
  },
}
const grade = (answer: string) => gradeTranslation(bike, answer)

describe("the learner's own negated words where the reference's idiom word is left out", () => {
  it('is the opposite of the sentence, a major that quotes them', () => {
    const r = grade("My cousin crashed, but his girlfriend's motorbike came out without a scratch.")
    expect(r).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
    expect(r.feedback).toContain('came out without a scratch')
  })

  it("a negated clause beside the idiom said in the learner's words changes nothing", () => {
    expect(grade("My cousin crashed and wrecked his girlfriend's motorbike.").accuracy).toBe(
      'perfect',
    )
    expect(
      grade("My cousin crashed and smashed up his girlfriend's motorbike without a helmet.")
        .accuracy,
    ).not.toBe('major')
    expect(
      grade("My cousin crashed and wrote off his girlfriend's motorbike, nobody was hurt.")
        .accuracy,
    ).not.toBe('major')
  })
})
