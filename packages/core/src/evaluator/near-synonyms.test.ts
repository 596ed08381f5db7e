import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): everyday nouns said in another register or variety of
// English (NEAR_SYNONYMS in english.ts, widened in session 12, decision 055) against two kinds
// of one thing, which stay a changed detail.
const bolt = (translation: string, text: string): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'se tomó el palo',
  translation,
  idiom: {
    text: 'tomarse el palo',
    translation: 'to clear off; to leave in a hurry',
    meanings: ['clear off', 'leave in a hurry', 'take off'],
  },
})
const police = bolt(
  'When the police arrived, the seller cleared off.',
  'Cuando llegó la policía, el vendedor se tomó el palo.',
)
const queue = bolt(
  'The pensioners left the queue and cleared off.',
  'Los jubilados dejaron la fila y se tomaron el palo.',
)
const mayor = bolt(
  'The mayor cleared off before the questions.',
  'El intendente se tomó el palo antes de las preguntas.',
)
const boss = bolt('The boss cleared off early.', 'El jefe se tomó el palo temprano.')

describe('a detail said in another register or variety of English', () => {
  it('"cops" for "police" is perfect', () => {
    expect(
      gradeTranslation(police, 'When the cops arrived, the seller cleared off.').accuracy,
    ).toBe('perfect')
  })

  it('"retirees" for "pensioners" and "line" for "queue" are perfect', () => {
    expect(gradeTranslation(queue, 'The retirees left the line and cleared off.').accuracy).toBe(
      'perfect',
    )
  })

  it('"manager" for "boss" is still perfect (a word in two groups)', () => {
    expect(gradeTranslation(boss, 'The manager cleared off early.').accuracy).toBe('perfect')
  })
})

describe('two kinds of one thing are still a changed detail', () => {
  it('"governor" for "mayor" is minor, named in the feedback', () => {
    const r = gradeTranslation(mayor, 'The governor cleared off before the questions.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('"governor"')
  })

  it('a word in two groups does not join them: "coach" for "boss" stays minor', () => {
    // "manager" is both a boss and a football coach; "boss" and "coach" share no group
    const r = gradeTranslation(boss, 'The coach cleared off early.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('"coach"')
  })

  it('"senator" for "congressman" (two kinds of lawmaker) is minor', () => {
    const congressman = bolt(
      'The congressman cleared off before the vote.',
      'El diputado se tomó el palo antes de la votación.',
    )
    expect(gradeTranslation(congressman, 'The senator cleared off before the vote.').accuracy).toBe(
      'minor',
    )
    expect(gradeTranslation(congressman, 'The MP cleared off before the vote.').accuracy).toBe(
      'perfect',
    )
  })
})

describe('casual words for a young person, and the people next door', () => {
  const kids = bolt(
    'When the neighbours came out, the kids cleared off.',
    'Cuando salieron los vecinos, los pibes se tomaron el palo.',
  )
  it('"the guys" for "the kids" and "next door" for "the neighbours" are perfect', () => {
    expect(gradeTranslation(kids, 'When next door came out, the guys cleared off.').accuracy).toBe(
      'perfect',
    )
  })
  it('"the girls" for "the kids" is still a changed detail', () => {
    expect(
      gradeTranslation(kids, 'When the neighbours came out, the girls cleared off.').accuracy,
    ).toBe('minor')
  })
})
