import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a negation in the next clause, after a comma, is not the
// idiom's own.
const clue: EvaluatorExample = {
  text: 'Estoy en bolas con química, no abrí el libro.',
  conjugatedSnippet: 'Estoy en bolas',
  translation: "I'm totally clueless about chemistry, I didn't open the book.",
  idiom: {
    text: 'estar en bolas',
    translation: 'to be clueless; to be stark naked (vulgar)',
    meanings: ['be clueless', 'not have a clue', 'have no idea'],
  },
}
const request: EvaluatorExample = {
  text: 'Si el jefe dice que no, elevá una nota a Personal.',
  conjugatedSnippet: 'elevá una nota',
  translation: 'If the boss says no, submit a formal letter to HR.',
  idiom: {
    text: 'elevar una nota',
    translation: 'to submit a formal letter',
    meanings: ['submit a formal letter', 'put in a written request'],
  },
}
const low: EvaluatorExample = {
  text: 'En la oficina soy el último orejón del tarro.',
  conjugatedSnippet: 'soy el último orejón del tarro',
  translation: "At the office I'm the lowest of the low.",
  idiom: {
    text: 'el último orejón del tarro',
    translation: 'the lowest of the low; a nobody',
    meanings: ['the lowest of the low', 'a nobody'],
  },
}

describe("a negation in the next clause is not the idiom's", () => {
  it('"I don\'t have a clue, I never opened the book" for "I\'m clueless, I didn\'t open …" is perfect', () => {
    expect(
      gradeTranslation(clue, "I don't have a clue about chemistry, I never opened the book.")
        .accuracy,
    ).toBe('perfect')
  })

  it('the idiom said without its negation is still the opposite', () => {
    const r = gradeTranslation(clue, 'I have a clue about chemistry, I never opened the book.')
    expect(r.accuracy).toBe('major')
    expect(r.feedback).toContain('opposite')
  })

  it('a negation before the comma does not reach the idiom: the feedback reads the sentence as positive', () => {
    const r = gradeTranslation(
      request,
      "If the boss says no, don't put in a written request to HR.",
    )
    expect(r.accuracy).toBe('major')
    expect(r.feedback).toContain('the sentence is positive')
  })
})

describe('"a total nobody"', () => {
  it('says "a nobody": no longer a missed meaning', () => {
    expect(gradeTranslation(low, "At the office I'm a total nobody.").accuracy).not.toBe('major')
  })
})

describe('a negator joined to a word by a hyphen', () => {
  const meetings: EvaluatorExample = {
    text: 'Harto de reuniones eternas, el director pateó el tablero.',
    conjugatedSnippet: 'pateó el tablero',
    translation: 'Fed up with endless meetings, the director shook things up.',
    idiom: {
      text: 'patear el tablero',
      translation: 'to shake things up; to change the rules of the game',
      meanings: ['shake things up', 'change the rules of the game'],
    },
  }

  it('is one word, no negation: "never-ending meetings" for "endless meetings" is no opposite', () => {
    expect(
      gradeTranslation(
        meetings,
        'Fed up with never-ending meetings, the director changed the rules of the game.',
      ).accuracy,
    ).not.toBe('major')
  })

  it('"never" on its own still negates', () => {
    expect(
      gradeTranslation(
        meetings,
        'Fed up with endless meetings, the director never shook things up.',
      ).accuracy,
    ).toBe('major')
  })
})

describe('articles between a negator and the idiom', () => {
  // made up: "not the time to live it up" and "no time to splash out" are the same negation
  const spree: EvaluatorExample = {
    text: 'No es momento de tirar manteca al techo; ahorrá algo.',
    conjugatedSnippet: 'tirar manteca al techo',
    translation: "It's not the time to live it up; save something.",
    idiom: {
      text: 'tirar manteca al techo',
      translation: 'to live it up; to squander money extravagantly',
      meanings: ['live it up', 'splash out', 'go on a spree'],
    },
  }

  it('do not count as words between: "no time to go on a spree" agrees with it', () => {
    expect(
      gradeTranslation(spree, 'This is no time to go on a spending spree; save something.')
        .accuracy,
    ).toBe('perfect')
  })

  it('the idiom said without the negation is still the opposite', () => {
    expect(
      gradeTranslation(spree, 'This is the time to go on a spending spree; save something.')
        .accuracy,
    ).toBe('major')
  })
})

describe('a hedge: "I don\'t mean to …, but"', () => {
  // made up: the speaker does brag, however the sentence opens
  const brag: EvaluatorExample = {
    text: 'No tengo abuela, pero la torta me salió buenísima.',
    conjugatedSnippet: 'No tengo abuela',
    translation: 'I hate to blow my own trumpet, but the cake came out great.',
    idiom: {
      text: 'no tener abuela',
      translation: "to blow one's own trumpet; to brag shamelessly",
      meanings: ["blow one's own trumpet", 'brag', 'show off'],
    },
  }

  it('is no negation: the learner brags too', () => {
    expect(
      gradeTranslation(brag, "I don't mean to brag, but the cake came out great.").accuracy,
    ).not.toBe('major')
  })

  it('a plain "don\'t" still negates', () => {
    expect(gradeTranslation(brag, "I don't brag, and the cake came out great.").accuracy).toBe(
      'major',
    )
  })
})

// Made up: the negation of a clause before the idiom's, within three words of the idiom.
const leave: EvaluatorExample = {
  text: 'Si no te aprueban las vacaciones, elevá una nota al gerente.',
  conjugatedSnippet: 'elevá una nota',
  translation: "If they don't approve your holiday, send a formal letter to the manager.",
  idiom: {
    text: 'elevar una nota',
    translation: 'to submit a formal letter',
    meanings: ['submit a formal letter', 'send a formal letter', 'put in a request'],
    literals: ['raise a note'],
  },
}

describe("a negation in the clause before the idiom's", () => {
  it("is that clause's, kept where the idiom follows right after the comma", () => {
    const r = gradeTranslation(
      leave,
      "If your holiday isn't approved, put in a request to the manager.",
    )
    expect(r.accuracy).toBe('perfect')
    expect(r.feedback).not.toContain('check the negation')
  })

  it('left out, it is the opposite', () => {
    expect(
      gradeTranslation(leave, 'If your holiday is approved, put in a request to the manager.')
        .accuracy,
    ).toBe('major')
  })
})

// Made up: a question answered with a short negative reply of its own.
const lend: EvaluatorExample = {
  text: '¿Flasheaste que te iba a prestar la moto? Ni en pedo.',
  conjugatedSnippet: 'Flasheaste',
  translation: 'Did you imagine I was going to lend you the motorbike? No way.',
  idiom: {
    text: 'flashear',
    translation: 'to imagine things',
    meanings: ['imagine things', 'daydream', 'be seeing things'],
    literals: ['flash'],
  },
}

describe('a short negative reply', () => {
  it('said with other words is the same reply, not an opposite', () => {
    for (const answer of [
      'Were you daydreaming that I would lend you the motorbike? Not a chance.',
      'Did you imagine I was going to lend you the motorbike? Not at all.',
    ]) {
      const r = gradeTranslation(lend, answer)
      expect(r.accuracy, answer).toBe('perfect')
      expect(r.feedback, answer).not.toContain('check the negation')
    }
  })
})

// content/ bardear example (no case set's sentence; session 12): "hasn't done anything" says what
// "didn't do anything" says; "done" is
// the auxiliary's own verb, not a content word the other text left out.
describe('a negated "have done" against a negated "did do"', () => {
  const mess: EvaluatorExample = {
    text: 'No lo bardees, el pibe no te hizo nada.',
    conjugatedSnippet: 'No lo bardees',
    translation: "Don't mess with him, the kid didn't do anything to you.",
    idiom: {
      text: 'bardear',
      translation: 'to insult; to give a hard time; to mess with',
      meanings: ['give a hard time', 'mess with', 'insult', 'have a go at'],
    },
  }
  it('is the same statement: perfect', () => {
    expect(
      gradeTranslation(mess, "Don't give him a hard time, the kid hasn't done anything to you.")
        .accuracy,
    ).toBe('perfect')
  })
  it('the negation dropped is still the opposite', () => {
    expect(
      gradeTranslation(mess, "Don't give him a hard time, the kid has done everything to you.")
        .accuracy,
    ).toBe('major')
  })
})

// Made up (session 12): a verb that says "not" said by the learner with a synonym of its own.
describe('a negating verb said with a synonym', () => {
  const court: EvaluatorExample = {
    text: 'El juez no hizo lugar al pedido y rechazó la fianza.',
    conjugatedSnippet: 'no hizo lugar',
    translation: 'The judge did not grant the request and refused bail.',
    idiom: {
      text: 'hacer lugar',
      translation: 'to grant; to uphold (a legal request)',
      meanings: ['grant', 'uphold', 'accept'],
    },
  }
  it('"rejected bail" for "refused bail" is no opposite', () => {
    const r = gradeTranslation(court, 'The judge did not grant the request and rejected bail.')
    expect(r.feedback).not.toContain('opposite')
    expect(r.accuracy).toBe('perfect')
  })
  it('"granted bail" for "refused bail" is still the opposite', () => {
    expect(
      gradeTranslation(court, 'The judge did not grant the request and granted bail.').accuracy,
    ).toBe('major')
  })
})
