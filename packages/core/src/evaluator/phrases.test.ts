import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made-up examples on idioms of no case set (decision 042): classes of error, not single cases.
const washHands: EvaluatorExample = {
  text: 'Cuando se rompió la caldera, el dueño se lavó las manos.',
  conjugatedSnippet: 'se lavó las manos',
  translation: 'When the boiler broke, the owner washed his hands of it.',
  idiom: {
    text: 'lavarse las manos',
    translation: "to wash one's hands of something; to refuse responsibility",
    meanings: ["wash one's hands of something", 'refuse responsibility', 'pass the buck'],
    literals: ["wash one's hands"],
  },
}
const makeFun: EvaluatorExample = {
  text: 'En el colegio lo cargaban por los anteojos.',
  conjugatedSnippet: 'lo cargaban',
  translation: 'At school they made fun of him because of his glasses.',
  idiom: {
    text: 'cargar',
    translation: 'to make fun of; to tease',
    meanings: ['make fun of', 'tease', 'mock', 'pull the leg of'],
    literals: ['carry', 'load'],
  },
}
const noPain: EvaluatorExample = {
  text: 'Si no entrenás, no vas a mejorar: sin sacrificio no hay premio.',
  conjugatedSnippet: 'sin sacrificio no hay premio',
  translation: "If you don't train, you won't improve: no pain, no gain.",
  idiom: {
    text: 'sin sacrificio no hay premio',
    translation: "no pain, no gain; if you don't work for it, you don't get it",
    meanings: ['no pain no gain', 'you have to work for it', 'hard work pays off'],
    literals: ['without sacrifice there is no prize'],
  },
}
const grade = (ex: EvaluatorExample, text: string) => gradeTranslation(ex, text)

describe('meaning phrases that end in "of"', () => {
  it('the words of the phrase without its "of" are the literal act, a major', () => {
    for (const answer of [
      'When the boiler broke, the owner washed his hands.',
      'When the boiler broke, the owner washed his hands and left.',
    ]) {
      const r = grade(washHands, answer)
      expect(r.accuracy, answer).toBe('major')
      expect(r.feedback, answer).toMatch(/wash one's hands of something/)
    }
  })

  it('said with its "of" (or another meaning) the idiom is right', () => {
    for (const answer of [
      'When the boiler broke, the owner washed his hands of it.',
      'When the boiler broke, the owner washed his hands of the whole thing.',
      'When the boiler broke, the owner refused responsibility.',
    ])
      expect(grade(washHands, answer).accuracy, answer).toBe('perfect')
    expect(grade(makeFun, 'At school they made fun of him because of his glasses.').accuracy).toBe(
      'perfect',
    )
  })
})

describe('a gloss with a comma and its own negations', () => {
  it('is one positive meaning: another English idiom for it is no opposite', () => {
    const r = grade(noPain, "If you don't train, you won't improve: hard work pays off.")
    expect(r.accuracy).toBe('perfect')
  })
  it('a real opposite is still caught', () => {
    expect(grade(noPain, 'If you train, you will improve: no pain, no gain.').accuracy).toBe(
      'major',
    )
  })
})

const duringWork: EvaluatorExample = {
  text: 'Durante el invierno, mi tío laburó ad honorem en el comedor.',
  conjugatedSnippet: 'ad honorem',
  translation: 'During the winter, my uncle worked unpaid at the soup kitchen.',
  idiom: {
    text: 'ad honorem',
    translation: 'unpaid; on an honorary, voluntary basis',
    meanings: ['unpaid', 'for free', 'without pay', 'as a volunteer'],
    literals: ['for honour'],
  },
}
const lostIt: EvaluatorExample = {
  text: '¿Estás loco? ¿Vas a salir con esta tormenta?',
  conjugatedSnippet: 'Estás loco',
  translation: 'Are you out of your mind? Are you going out in this storm?',
  idiom: {
    text: 'estar loco',
    translation: "to be out of one's mind",
    meanings: ["be out of one's mind", "lose one's mind", 'be crazy'],
    literals: ['be mad'],
  },
}

describe('what a sentence says around the idiom', () => {
  it('an opening "During the winter," is content: left out, it is a minor slip', () => {
    const r = grade(duringWork, 'My uncle worked unpaid at the soup kitchen.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toMatch(/winter/)
  })

  it('"Have you lost your mind?" is the present perfect, not a change of tense', () => {
    expect(
      grade(lostIt, 'Have you lost your mind? Are you going out in this storm?').accuracy,
    ).toBe('perfect')
  })
})

const standIt: EvaluatorExample = {
  text: 'No soporto a los que comen pochoclo en el teatro.',
  conjugatedSnippet: 'No soporto',
  translation: "I can't stand people who eat popcorn at the theatre.",
  idiom: {
    text: 'soportar',
    translation: 'to stand, to put up with',
    meanings: ['stand', 'put up with', 'bear', 'tolerate'],
    literals: ['support'],
  },
}

describe('who does what', () => {
  it('a possessive ("their popcorn") names no new doer', () => {
    expect(
      grade(standIt, "I can't bear people who eat their popcorn at the theatre.").accuracy,
    ).toBe('perfect')
  })
  it('the negation the sentence carries is kept: "I can stand" for "I can\'t stand" is the opposite', () => {
    expect(grade(standIt, 'I can stand people who eat popcorn at the theatre.').accuracy).toBe(
      'major',
    )
  })
  it('another doer is still a change of person', () => {
    const r = grade(standIt, "She can't stand people who eat popcorn at the theatre.")
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toMatch(/person/)
  })
})

// A meaning phrase found only in the sentence's own words (decision 042, session 5)
const stoneThrow: EvaluatorExample = {
  text: 'La panadería está a un tiro de piedra, en la esquina.',
  conjugatedSnippet: 'a un tiro de piedra',
  translation: "The bakery is a stone's throw away, on the corner.",
  idiom: {
    text: 'a un tiro de piedra',
    translation: "a stone's throw away; very close",
    meanings: ['close by', 'just around the corner', 'nearby'],
    literals: ['a stone throw'],
  },
}
const askToGet: EvaluatorExample = {
  text: 'Pedile un aumento al jefe; el que no pide no recibe.',
  conjugatedSnippet: 'el que no pide no recibe',
  translation: "Ask the boss for a raise; if you don't ask, you don't get.",
  idiom: {
    text: 'el que no pide no recibe',
    translation: "if you don't ask, you don't get",
    meanings: ['you have to ask', 'the squeaky wheel gets the grease', 'fortune favours the bold'],
    literals: ['who does not ask does not receive'],
  },
}

describe("a meaning phrase in the sentence's own ordinary words", () => {
  it('is no evidence of the idiom: the meaning is missing, a major', () => {
    for (const [example, answer] of [
      [stoneThrow, 'The bakery is far away from the corner.'],
      [stoneThrow, 'The bakery is on the corner, miles away.'],
      [askToGet, 'Ask the boss for a raise.'],
    ] as const)
      expect(grade(example, answer).accuracy, answer).toBe('major')
  })

  it('said whole, said again, or another meaning, it is the idiom', () => {
    for (const [example, answer] of [
      [stoneThrow, 'The bakery is just around the corner.'],
      [stoneThrow, 'The bakery is nearby, on the corner.'],
      [askToGet, 'Ask the boss for a raise; you have to ask.'],
      [askToGet, 'Ask the boss for a raise; the squeaky wheel gets the grease.'],
    ] as const)
      expect(grade(example, answer).accuracy, answer).toBe('perfect')
  })
})

// Detail synonyms WordNet does not link (decision 042, session 5)
const chewOut: EvaluatorExample = {
  text: 'Después del partido, el jefe nos cagó a pedos en la oficina del club.',
  conjugatedSnippet: 'nos cagó a pedos',
  translation: "After the match, the boss chewed us out in the club's office.",
  idiom: {
    text: 'cagar a pedos',
    translation: 'to chew out; to give someone a real telling-off',
    meanings: ['chew out', 'tell off', 'give someone an earful'],
    literals: ['shit with farts'],
  },
}

describe('near-synonyms of a detail', () => {
  it('another everyday word for the same thing is perfect', () => {
    for (const answer of [
      "After the game, the manager chewed us out in the club's office.",
      "After the match, the boss told us off in the club's office.",
    ])
      expect(grade(chewOut, answer).accuracy, answer).toBe('perfect')
  })

  it('a real change of detail stays minor', () => {
    for (const answer of [
      "After the training, the boss chewed us out in the club's office.",
      "After the match, the coach chewed us out in the club's office.",
      "After the match, the boss chewed us out in the club's kitchen.",
    ])
      expect(grade(chewOut, answer).accuracy, answer).toBe('minor')
  })
})

describe('"never used to go" for "never went"', () => {
  it('is the same polarity, not an opposite', () => {
    const ex: EvaluatorExample = {
      text: 'Me di de baja del club porque nunca iba.',
      conjugatedSnippet: 'Me di de baja',
      translation: 'I cancelled my club membership because I never went.',
      idiom: {
        text: 'darse de baja',
        translation: 'to cancel a membership; to unsubscribe',
        meanings: ['cancel', 'unsubscribe', 'quit'],
        literals: ['give oneself low'],
      },
    }
    expect(
      grade(ex, 'I cancelled my club subscription since I never used to go.').accuracy,
    ).not.toBe('major')
  })
})

describe('"one\'s" in a meaning phrase of general words', () => {
  it('is said by any possessive ("do my bit" for "do one\'s bit")', () => {
    const ex: EvaluatorExample = {
      text: 'Si todos ponemos el hombro, terminamos la mudanza hoy.',
      conjugatedSnippet: 'ponemos el hombro',
      translation: 'If we all pitch in, we will finish the move today.',
      idiom: {
        text: 'poner el hombro',
        translation: 'to pitch in; to lend a hand',
        meanings: ['pitch in', "do one's bit", 'lend a hand'],
        literals: ['put the shoulder'],
      },
    }
    for (const answer of [
      'If we all do our bit, we will finish the move today.',
      'If we all do their bit, we will finish the move today.',
    ])
      expect(grade(ex, answer).accuracy, answer).not.toBe('major')
    expect(grade(ex, 'If we all do a bit, we will finish the move today.').accuracy).toBe('major')
  })
})

describe('"bit" before a determiner is the verb', () => {
  it('"bit the dust" says "bite the dust"', () => {
    const ex: EvaluatorExample = {
      text: 'La tele vieja entregó el rosquete.',
      conjugatedSnippet: 'entregó el rosquete',
      translation: 'The old TV kicked the bucket.',
      idiom: {
        text: 'entregar el rosquete',
        translation: 'to kick the bucket; to die (humorous)',
        meanings: ['kick the bucket', 'die', 'bite the dust'],
        literals: ['hand over the doughnut'],
      },
    }
    // the idiom is found (its tense is not yet read from "bit": a minor at worst)
    expect(grade(ex, 'The old TV bit the dust.').accuracy).not.toBe('major')
    expect(grade(ex, 'The old TV was a bit the worse.').accuracy).toBe('major')
  })
})
