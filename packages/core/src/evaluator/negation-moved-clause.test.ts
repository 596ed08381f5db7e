import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): every word kept and as many negators, but the "not" moved
// from one clause to the other, so each clause says the opposite (negationMovedClause in
// translation.ts, session 14's second round, decision 055).
const visit: EvaluatorExample = {
  text: 'No hace falta que vengas temprano: podés llegar a la hora de la cena.',
  conjugatedSnippet: 'hace falta',
  translation: "You don't need to come early: you can arrive at dinner time.",
  idiom: { text: 'hacer falta', translation: 'to be necessary; to need' },
}

describe('the "not" moved from one clause to another', () => {
  it('each clause turned round is major and the feedback quotes both parts', () => {
    const grade = gradeTranslation(
      visit,
      "You need to come early: you can't arrive at dinner time.",
    )
    expect(grade.accuracy).toBe('major')
    expect(grade.feedback).toContain('moves the "not" to another part of the sentence')
    expect(grade.feedback).toContain(`the sentence says "You don't need to come early"`)
    expect(grade.feedback).toContain(
      `you wrote "You need to come early" and "you can't arrive at dinner time"`,
    )
  })

  it('the "not" kept in its clause stays perfect, and a "not" only dropped is still an opposite', () => {
    expect(
      gradeTranslation(visit, "You don't need to come early: you can arrive at dinner time.")
        .accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(visit, 'You need to come early: you can arrive at dinner time.').accuracy,
    ).toBe('major')
  })

  it('clauses that do not line up (the learner says them in the other order) are left alone', () => {
    const pay: EvaluatorExample = {
      text: 'Esa plata no se le paga en concepto de sueldo, sino de premio.',
      conjugatedSnippet: 'en concepto de',
      translation: "That money isn't paid to her as wages, but as a prize.",
      idiom: { text: 'en concepto de', translation: 'as; by way of' },
    }
    expect(
      gradeTranslation(pay, 'That money is paid to her as a prize, not as wages.').accuracy,
    ).toBe('perfect')
  })
})
