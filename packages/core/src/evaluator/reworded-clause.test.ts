import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a short run of the reference's words that says what is done
// or how, said by the learner in words of their own at the same place, between words both texts
// keep (`rewordedRun`, session 13, decision 055), against a clause left out or changed.
const striker = (translation: string): EvaluatorExample => ({
  text: 'Nuestro delantero se rajó de la cancha y criticó abiertamente al árbitro.',
  conjugatedSnippet: 'se rajó',
  translation,
  idiom: {
    text: 'rajarse',
    translation: 'to clear off; to run off',
    meanings: ['clear off', 'run off', 'take off'],
  },
})
const referee = striker('Our striker ran off the pitch and openly criticised the referee.')
const loan: EvaluatorExample = {
  ...striker('My uncle ran off to Chile as soon as he paid back the loan.'),
  text: 'Mi tío se rajó a Chile apenas devolvió el préstamo.',
}

describe('a clause said in other words at its place', () => {
  it('"laid into the referee" for "openly criticised the referee" is perfect', () => {
    expect(
      gradeTranslation(referee, 'Our striker ran off the pitch and laid into the referee.')
        .accuracy,
    ).toBe('perfect')
  })
})

describe('a clause left out or changed is still a slip', () => {
  it('nothing in its place: left out, minor', () => {
    const grade = gradeTranslation(referee, 'Our striker ran off the pitch and the referee.')
    expect(grade.accuracy).not.toBe('perfect')
  })

  it('a general verb in its place ("got the loan" for "paid back the loan") is minor', () => {
    const grade = gradeTranslation(loan, 'My uncle ran off to Chile as soon as he got the loan.')
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('paid back')
  })

  it('a thing of the learner\'s in its place ("threw a bottle at") is minor', () => {
    expect(
      gradeTranslation(referee, 'Our striker ran off the pitch and threw a bottle at the referee.')
        .accuracy,
    ).toBe('minor')
  })
})
