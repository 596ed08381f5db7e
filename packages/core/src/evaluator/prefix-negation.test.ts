import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a "not" said by a word's negative prefix in one text and by
// a negator before the word in the other ("non-refundable" / "cannot be refunded", "non-transferable"
// / "may not be transferred") is the same statement (decision 055, session 18).
const capacity = (translation: string, text: string): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'en carácter de',
  translation,
  idiom: {
    text: 'en carácter de',
    translation: 'in the capacity of; as',
    meanings: ['in the capacity of', 'as', 'acting as'],
  },
})
const fee = capacity(
  'The fee is charged as a booking deposit and is non-refundable.',
  'El monto se cobra en carácter de seña y no es reembolsable.',
)
const pass = capacity(
  'He got in as a guest, and his pass may not be transferred.',
  'Entró en carácter de invitado, y su pase no se puede transferir.',
)

describe('a "not" said by a negative prefix', () => {
  it('"cannot be refunded" for "non-refundable" is perfect', () => {
    expect(
      gradeTranslation(fee, 'The fee is charged as a booking deposit and cannot be refunded.')
        .accuracy,
    ).toBe('perfect')
  })

  it('"non-transferable" for "may not be transferred" is perfect', () => {
    expect(
      gradeTranslation(pass, 'He got in as a guest, and his pass is non-transferable.').accuracy,
    ).toBe('perfect')
  })

  it('"can be refunded" for "non-refundable" is still not perfect', () => {
    expect(
      gradeTranslation(fee, 'The fee is charged as a booking deposit and can be refunded.')
        .accuracy,
    ).not.toBe('perfect')
  })
})
