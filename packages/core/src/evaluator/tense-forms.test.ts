import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): verb forms that look past but are not a change of tense.
const eyes: EvaluatorExample = {
  text: 'Ojo al piojo con los carteristas en el subte.',
  conjugatedSnippet: 'Ojo al piojo',
  translation: 'Watch out for pickpockets on the subway.',
  idiom: {
    text: 'ojo al piojo',
    translation: 'watch out; heads up',
    meanings: ['watch out', 'keep your eyes peeled', 'heads up'],
  },
}
const printer: EvaluatorExample = {
  text: 'La impresora vieja entregó el rosquete la semana pasada.',
  conjugatedSnippet: 'entregó el rosquete',
  translation: 'The old printer kicked the bucket last week.',
  idiom: {
    text: 'entregar el rosquete',
    translation: 'to kick the bucket; to die (humorous)',
    meanings: ['kick the bucket', 'bite the dust', 'die'],
  },
}
const nico: EvaluatorExample = {
  text: 'Desde que lo ascendieron, Nico se puso las pilas.',
  conjugatedSnippet: 'se puso las pilas',
  translation: 'Since he got promoted, Nico has got his act together.',
  idiom: {
    text: 'ponerse las pilas',
    translation: "to get one's act together; to get cracking",
    meanings: ["get one's act together", 'step up', "pull one's socks up"],
  },
}
const grade = (example: EvaluatorExample, answer: string) => gradeTranslation(example, answer)

describe('a participle after "have", "get" or "keep" and their object', () => {
  it('is no past tense: "keep your eyes peeled" is perfect', () => {
    expect(grade(eyes, 'Keep your eyes peeled for pickpockets on the subway.').accuracy).toBe(
      'perfect',
    )
  })

  it('a verb really put in the past is still a tense slip', () => {
    const r = grade(eyes, 'I kept my eyes peeled for pickpockets on the subway.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('Check the tense')
  })
})

describe('"bit" before a determiner', () => {
  it('is the past of "bite": "bit the dust" for "kicked the bucket" is perfect', () => {
    expect(grade(printer, 'The old printer bit the dust last week.').accuracy).toBe('perfect')
  })

  it('the future for the past is still a tense slip', () => {
    expect(grade(printer, 'The old printer will bite the dust last week.').feedback).toContain(
      'Check the tense: the sentence is in the past.',
    )
  })
})

describe('the present perfect', () => {
  it('tells of the past: "has really stepped up" is no tense slip against "got promoted"', () => {
    expect(grade(nico, 'Since he got promoted, Nico has really stepped up.').accuracy).toBe(
      'perfect',
    )
  })
})

describe('"would" for "used to"', () => {
  const court: EvaluatorExample = {
    text: 'Mis abuelos pelaban la pava en la cocina todos los domingos.',
    conjugatedSnippet: 'pelaban la pava',
    translation: 'My grandparents used to court in the kitchen every Sunday.',
    idiom: {
      text: 'pelar la pava',
      translation: 'to court; to have a long romantic chat',
      meanings: ['court', 'whisper sweet nothings', 'woo'],
    },
  }

  it('is the same habitual past', () => {
    expect(
      grade(court, 'Every Sunday my grandparents would whisper sweet nothings in the kitchen.')
        .accuracy,
    ).toBe('perfect')
  })

  it('the present for it is still a tense slip', () => {
    expect(
      grade(court, 'Every Sunday my grandparents whisper sweet nothings in the kitchen.').feedback,
    ).toContain('Check the tense: the sentence is in the past.')
  })
})

// Made up (session 12): a past form that names a thing or a state, not a past act.
const bore: EvaluatorExample = {
  text: 'La charla del contador fue un embole.',
  conjugatedSnippet: 'fue un embole',
  translation: "The accountant's talk was such a bore.",
  idiom: {
    text: 'ser un embole',
    translation: 'to be a bore; to be dead boring',
    meanings: ['be a bore', 'be dead boring', 'be boring'],
  },
}
const boreNow: EvaluatorExample = {
  ...bore,
  text: 'Esta película es un embole.',
  conjugatedSnippet: 'es un embole',
  translation: 'This film is such a bore.',
}
const drink: EvaluatorExample = {
  text: 'Si vas a escabiar, dejá el auto.',
  conjugatedSnippet: 'escabiar',
  translation: "If you're going to drink, leave the car.",
  idiom: {
    text: 'escabiar',
    translation: 'to booze; to drink alcohol',
    meanings: ['booze', 'drink alcohol', 'get drunk', 'drink'],
  },
}
const ranOut: EvaluatorExample = {
  text: 'Me quedé sin yerba.',
  conjugatedSnippet: 'Me quedé sin',
  translation: 'I ran out of yerba.',
  idiom: {
    text: 'quedarse sin',
    translation: 'to run out of',
    meanings: ['run out of', 'be out of'],
  },
}

describe('a past form after a determiner, a preposition or "be" and an adverb', () => {
  it('"a bore" is a noun: "is such a bore" is the present, "was such a bore" a slip', () => {
    const r = grade(boreNow, 'This film was such a bore.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('Check the tense: the sentence is in the present or future.')
  })

  it('"getting drunk" and "are super excited" are states, not a past act', () => {
    expect(grade(drink, 'If you plan on getting drunk, leave the car.').accuracy).toBe('perfect')
  })

  it('"I\'ve run out" says "I ran out": perfect', () => {
    expect(grade(ranOut, "I've run out of yerba.").accuracy).toBe('perfect')
  })

  it('"such" only strengthens: "so boring" for "such a bore" is perfect', () => {
    expect(grade(boreNow, 'This film is so boring.').accuracy).toBe('perfect')
  })

  it('the past said in the present is still a slip', () => {
    expect(grade(bore, "The accountant's talk is such a bore.").accuracy).toBe('minor')
  })
})
