import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): every word kept, but the "not" moved to the other of two
// roles, so the statement is turned round (negationMoved in translation.ts, session 14, decision
// 055).
const role: EvaluatorExample = {
  text: 'Vino a la reunión en calidad de asesor, no de socio.',
  conjugatedSnippet: 'en calidad de',
  translation: 'She came to the meeting as an adviser, not as a partner.',
  idiom: { text: 'en calidad de', translation: 'in the capacity of; as' },
}

const payment: EvaluatorExample = {
  text: 'Esa plata no se le paga en concepto de sueldo, sino de premio.',
  conjugatedSnippet: 'en concepto de',
  translation: "That money isn't paid to her as wages, but as a prize.",
  idiom: { text: 'en concepto de', translation: 'as; by way of' },
}

describe('the "not" moved from one role to the other', () => {
  it('the two roles swapped around "not" is major and says which word the "not" goes with', () => {
    const grade = gradeTranslation(role, 'She came to the meeting as a partner, not as an adviser.')
    expect(grade.accuracy).toBe('major')
    expect(grade.feedback).toContain('"not" about "partner"')
    expect(grade.feedback).toContain('you wrote "not" about "adviser"')
  })

  it('"not … but" turned into "…, not" on the other word is major', () => {
    const grade = gradeTranslation(payment, 'That money is paid to her as wages, not as a prize.')
    expect(grade.accuracy).toBe('major')
  })

  it('the "not" on the same word stays perfect, the clauses in another order too', () => {
    expect(
      gradeTranslation(role, 'She came to the meeting as an adviser and not as a partner.')
        .accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(payment, 'That money is paid to her as a prize, not as wages.').accuracy,
    ).toBe('perfect')
  })

  it('a general verb after the negator moves nothing ("haven\'t got" for "don\'t have")', () => {
    const ex: EvaluatorExample = {
      text: 'Dale, andá al grano, que no tengo todo el día.',
      conjugatedSnippet: 'andá al grano',
      translation: "Come on, get to the point, I don't have all day.",
      idiom: { text: 'ir al grano', translation: 'to get to the point' },
    }
    expect(gradeTranslation(ex, "Come on, get to the point, I haven't got all day.").accuracy).toBe(
      'perfect',
    )
  })
})
