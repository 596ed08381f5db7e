import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made-up examples on idioms of no case set: the classes of error, not single cases.
const giveIn: EvaluatorExample = {
  text: 'Al final el club aflojó y le renovó el contrato al técnico.',
  conjugatedSnippet: 'aflojó',
  translation: 'In the end the club gave in and renewed the coach’s contract.',
  idiom: {
    text: 'aflojar',
    translation: 'to give in; to relent',
    meanings: ['give in', 'relent', 'back down', 'cave in'],
    literals: ['loosen', 'slacken'],
  },
}
const inTheLoop: EvaluatorExample = {
  text: 'Desde que cambié de oficina ya no estoy en el ajo con los chismes.',
  conjugatedSnippet: 'no estoy en el ajo',
  translation: 'Since I changed offices I’m out of the loop on the gossip.',
  idiom: {
    text: 'estar en el ajo',
    translation: 'to be in the know',
    meanings: ['be in the know', 'be in the loop', 'be up to date'],
    literals: ['be in the garlic'],
  },
}
const grade = (ex: EvaluatorExample, text: string) => gradeTranslation(ex, text)

describe('opposites the negation check must see', () => {
  it('a negative verb negates the idiom like "not" (refuse, fail to, avoid, deny)', () => {
    for (const answer of [
      'In the end the club refused to give in and renewed the coach’s contract.',
      'In the end the club failed to relent and renewed the coach’s contract.',
      'In the end the club avoided backing down and renewed the coach’s contract.',
    ]) {
      const r = grade(giveIn, answer)
      expect(r.accuracy, answer).toBe('major')
      expect(r.feedback, answer).toMatch(/opposite/)
    }
  })

  it('two negations cancel out, so "refused to give in and didn\'t renew" is not the same', () => {
    expect(
      grade(giveIn, 'In the end the club refused to give in and didn’t renew the coach’s contract.')
        .accuracy,
    ).toBe('major')
  })

  it('"stop …ing" says "don\'t": a paraphrase with it stays perfect', () => {
    const ex: EvaluatorExample = {
      text: 'No te hagas el vivo, que todos te conocen.',
      conjugatedSnippet: 'te hagas el vivo',
      translation: 'Don’t act smart, everybody knows you.',
      idiom: {
        text: 'hacerse el vivo',
        translation: 'to act smart; to try to be clever',
        meanings: ['act smart', 'show off', 'be a smart aleck'],
        literals: ['make oneself the alive'],
      },
    }
    expect(grade(ex, 'Stop showing off, everybody knows you.').accuracy).toBe('perfect')
    expect(grade(ex, 'Show off, everybody knows you.').accuracy).toBe('major')
  })

  it('a swapped particle reverses the meaning: "in the loop" for "out of the loop"', () => {
    expect(
      grade(inTheLoop, 'Since I changed offices I’m not up to date on the gossip.').accuracy,
    ).toBe('perfect')
    const r = grade(inTheLoop, 'Since I changed offices I’m right in the loop on the gossip.')
    expect(r.accuracy).toBe('major')
    expect(r.feedback).toMatch(/opposite/)
  })

  it('a meaning that carries its own negation, said without it, is the opposite', () => {
    const ex: EvaluatorExample = {
      text: '¿Que te quedaste dormido? Andá a cantarle a Gardel.',
      conjugatedSnippet: 'Andá a cantarle a Gardel',
      translation: 'You overslept? Tell it to someone else.',
      idiom: {
        text: 'andá a cantarle a Gardel',
        translation: 'tell it to someone else; I don’t believe you',
        meanings: ['tell it to someone else', "i don't believe you", 'pull the other one'],
        literals: ['go sing to Gardel'],
      },
    }
    expect(grade(ex, 'You overslept? I don’t believe you.').accuracy).toBe('perfect')
    expect(grade(ex, 'You overslept? I believe you.').accuracy).toBe('major')
  })
})

describe('omissions and feedback in learner words', () => {
  it('a dropped clause is minor and the feedback quotes it', () => {
    const r = grade(giveIn, 'In the end the club gave in.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('"coach’s contract"')
  })

  it('an opposite sentence names the negated clause', () => {
    const ex: EvaluatorExample = {
      text: 'Tranqui, que nadie te está apurando.',
      conjugatedSnippet: 'Tranqui',
      translation: 'Relax, nobody is rushing you.',
      idiom: {
        text: 'tranqui',
        translation: 'relax; calm down',
        meanings: ['relax', 'calm down', 'take it easy'],
        literals: ['tranquil'],
      },
    }
    const r = grade(ex, 'Relax, everybody is rushing you.')
    expect(r.accuracy).toBe('major')
    expect(r.feedback).toContain('"nobody is rushing you"')
  })

  it('a reference that says the idiom twice, said once, is a clause left out', () => {
    const ex: EvaluatorExample = {
      text: 'Me encanta que la jefa vaya al grano y no ande con vueltas.',
      conjugatedSnippet: 'vaya al grano',
      translation: 'I love that the boss gets to the point and doesn’t beat around the bush.',
      idiom: {
        text: 'ir al grano',
        translation: 'to get to the point',
        meanings: ['get to the point', 'not beat around the bush', 'cut to the chase'],
        literals: ['go to the grain'],
      },
    }
    const r = grade(ex, 'I love that the boss gets to the point.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toMatch(/left out/)
  })

  it('a clause of small words left out is minor, quoted', () => {
    const ex: EvaluatorExample = {
      text: 'Tu primo es un fenómeno, siempre está cuando lo necesitás.',
      conjugatedSnippet: 'es un fenómeno',
      translation: 'Your cousin is a great guy, he’s always there when you need him.',
      idiom: {
        text: 'ser un fenómeno',
        translation: 'to be a great guy',
        meanings: ['be a great guy', 'be a star', 'be wonderful'],
        literals: ['be a phenomenon'],
      },
    }
    const r = grade(ex, 'Your cousin is a great guy.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('always there when you need')
  })

  it('an added day is a slip the feedback names; "later" is not', () => {
    const r = grade(
      giveIn,
      'In the end the club gave in and renewed the coach’s contract yesterday.',
    )
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('"yesterday"')
  })

  it('the tense of the idiom’s verb counts, even when another verb keeps the past', () => {
    const ex: EvaluatorExample = {
      text: 'Cada vez que le pregunto por qué llegó tarde, se hace el otario.',
      conjugatedSnippet: 'se hace el otario',
      translation: 'Every time I ask him why he was late, he plays dumb.',
      idiom: {
        text: 'hacerse el otario',
        translation: 'to play dumb',
        meanings: ['play dumb', 'act dumb', 'pretend not to understand'],
        literals: ['make oneself the fool'],
      },
    }
    const r = grade(ex, 'Every time I ask him why he was late, he played dumb.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toMatch(/tense/)
  })
})
