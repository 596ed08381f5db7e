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

describe("the reference's idiom words carried over", () => {
  // made up: "crook" shares a rare WordNet sense with "turn" (to bend)
  const crook: EvaluatorExample = {
    text: 'El socio resultó ser un chanta y se quedó con todo.',
    conjugatedSnippet: 'ser un chanta',
    translation: 'The partner turned out to be a crook and kept everything.',
    idiom: {
      text: 'ser un chanta',
      translation: 'to be a crook',
      meanings: ['be a crook', 'be a fraud'],
      literals: ['be a chanta'],
    },
  }

  it('a word the reference says outside its idiom does not stand for the idiom word', () => {
    // "turned (out)" is the reference's own "turned out", not its "crook"
    expect(grade(crook, 'The partner turned out to be a nice man and kept everything.')).toBe(
      'major',
    )
  })

  it('the idiom said, in other words too, still counts', () => {
    expect(grade(crook, 'The partner turned out to be a fraud and kept everything.')).toBe(
      'perfect',
    )
    expect(grade(crook, 'The partner proved to be a crook and kept everything.')).toBe('perfect')
  })
})

describe("a phrase's particle after its verb", () => {
  // made up: "splash out" said with its "out" after the verb, an "in" elsewhere before it
  const spend: EvaluatorExample = {
    text: 'Cuando ganaban en dólares tiraban manteca al techo.',
    conjugatedSnippet: 'tiraban manteca al techo',
    translation: 'When they earned in dollars they lived it up.',
    idiom: {
      text: 'tirar manteca al techo',
      translation: 'to live it up; to squander money extravagantly',
      meanings: ['live it up', 'splash out'],
    },
  }

  it('is said: "in dollars they splashed out" is no reversed "splash out"', () => {
    expect(grade(spend, 'Paid in dollars, they splashed out on everything.')).not.toBe('major')
    expect(grade(spend, 'When they earned in dollars they splashed out.')).toBe('perfect')
  })

  it('the opposite particle instead of it still reverses the phrase', () => {
    expect(grade(spend, 'When they earned in dollars they splashed in.')).toBe('major')
  })
})

// Made up (no case set's sentence): the opposite particle after the phrase's word says the
// phrase negated, which agrees with a negated reference.
describe('a reversed particle after the word agrees with a negated reference', () => {
  const butt = {
    text: 'Nadie te pidió opinión, así que no metas la cuchara.',
    conjugatedSnippet: 'metas la cuchara',
    translation: "Nobody asked for your opinion, so don't butt in.",
    idiom: {
      text: 'meter la cuchara',
      translation: "to butt in; to stick one's oar in",
      meanings: ["poke one's nose in", 'butt into', 'interfere'],
    },
  }
  it('"keep your nose out of it" and "butt out" for "don\'t butt in" are perfect', () => {
    for (const answer of [
      'Nobody asked for your opinion, so keep your nose out of it.',
      'Nobody asked for your opinion, so butt out.',
    ])
      expect(gradeTranslation(butt, answer).accuracy, answer).toBe('perfect')
  })
  it('"stick your nose in" for "don\'t butt in" is still the opposite', () => {
    expect(
      gradeTranslation(butt, 'Nobody asked for your opinion, so stick your nose in.'),
    ).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
  })
})
