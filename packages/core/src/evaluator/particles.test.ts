import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made-up idioms and sentences (not from any case set): a meaning phrase of one content word
// and a particle ("in talks", "wow the crowd away") is that word only with its particle.
const talks: EvaluatorExample = {
  text: 'El sindicato está charlando con la empresa por los sueldos.',
  conjugatedSnippet: 'está charlando',
  translation: 'The union is bargaining with the company over wages.',
  idiom: {
    text: 'estar charlando',
    translation: 'to be in talks',
    meanings: ['be in talks', 'be bargaining'],
    literals: ['be chatting'],
  },
}
const hit: EvaluatorExample = {
  text: 'La banda la pegó en el festival del sábado.',
  conjugatedSnippet: 'la pegó',
  translation: 'The band killed it at Saturday’s festival.',
  idiom: {
    text: 'pegarla',
    translation: 'to kill it',
    meanings: ['kill it', 'blow everyone away'],
    literals: ['hit it'],
  },
}
const grade = (ex: EvaluatorExample, text: string) => gradeTranslation(ex, text).accuracy

describe('a meaning phrase needs its particle', () => {
  it('finds "in talks" only with its "in"', () => {
    expect(grade(talks, 'The union is in talks with the company over wages.')).toBe('perfect')
    // "talks" alone, ended, is not being in talks
    expect(grade(talks, 'The union gave up the talks with the company over wages.')).toBe('major')
  })

  it('finds "blow everyone away" only with its "away", as far on as the phrase puts it', () => {
    expect(grade(hit, 'The band blew the whole crowd away at Saturday’s festival.')).toBe('perfect')
    expect(grade(hit, 'The band blew it at Saturday’s festival.')).toBe('major')
    expect(grade(hit, 'The band blew their chance at Saturday’s festival.')).toBe('major')
  })

  it('the opposite particle still finds the phrase, reversed', () => {
    const loop: EvaluatorExample = {
      ...talks,
      translation: 'The union is in the loop about the wages.',
      idiom: { ...talks.idiom, meanings: ['in the loop'] },
    }
    expect(grade(loop, 'The union is out of the loop about the wages.')).toBe('major')
  })
})
