import { describe, expect, it } from 'vitest'
import { ContentIdiom } from './content.js'
import { IdiomChanges, IdiomFields } from './entities.js'
import { EvaluatorExample } from './evaluation.js'
import { allMeanings, IDIOM_PHRASES_MAX, IDIOM_SENSES_MAX, sensesProblem } from './senses.js'

const base = { text: 'estar en bolas', translation: 'to be clueless; to be stark naked' }
const issues = (input: unknown): string[] => {
  const r = IdiomFields.safeParse(input)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('idiom senses (decision 067)', () => {
  it('reads an idiom of one sense as before: no senses field, all phrases in meanings', () => {
    const idiom = IdiomFields.parse({ ...base, meanings: ['be clueless'] })
    expect(idiom.senses).toBeUndefined()
    expect(allMeanings(idiom)).toEqual(['be clueless'])
    expect(
      EvaluatorExample.shape.idiom.parse({ text: 'x', translation: 'y' }).senses,
    ).toBeUndefined()
  })

  it('keeps two senses, each phrase once, and lists the common phrases first', () => {
    const idiom = IdiomFields.parse({
      ...base,
      meanings: ['be in a state'],
      senses: [[' be clueless ', 'have no idea', ''], ['be stark naked', 'in the buff'], ['  ']],
    })
    expect(idiom.senses).toEqual([
      ['be clueless', 'have no idea'],
      ['be stark naked', 'in the buff'],
    ])
    expect(allMeanings(idiom)).toEqual([
      'be in a state',
      'be clueless',
      'have no idea',
      'be stark naked',
      'in the buff',
    ])
  })

  it('refuses a single sense, a phrase in two lists, too many senses or phrases', () => {
    expect(issues({ ...base, senses: [['be clueless']] })).toEqual([
      'senses: An idiom with senses has two or more: put the phrases of a single sense in its meanings',
    ])
    expect(
      issues({ ...base, meanings: ['Be clueless'], senses: [['be clueless'], ['naked']] }),
    ).toEqual(['senses: "be clueless" stands in two lists: keep each phrase in one'])
    const many = Array.from({ length: IDIOM_SENSES_MAX + 1 }, (_, i) => [`sense ${i}`])
    expect(issues({ ...base, senses: many })).toHaveLength(1)
    const half = (tag: string) =>
      Array.from({ length: IDIOM_PHRASES_MAX / 2 + 1 }, (_, i) => `${tag} ${i}`)
    expect(issues({ ...base, senses: [half('a'), half('b')] })).toEqual([
      `senses: At most ${IDIOM_PHRASES_MAX} meaning phrases in all, senses included`,
    ])
  })

  // The admin form shows a problem at the sense it concerns: "Sense 2", not always "Sense 1".
  it('says which sense a problem concerns: an empty one, or the one where a phrase comes again', () => {
    expect(sensesProblem(['be in a state'], [['be clueless'], []])).toEqual({
      message: 'Each sense needs at least one phrase',
      at: 1,
    })
    expect(
      sensesProblem(
        [],
        [
          ['be clueless', 'have no idea'],
          ['naked', 'Have No Idea'],
        ],
      ),
    ).toEqual({ message: '"Have No Idea" stands in two lists: keep each phrase in one', at: 1 })
    expect(sensesProblem(['be clueless'], [['Be clueless'], ['naked']])).toMatchObject({ at: 0 })
    expect(sensesProblem(['Give up', 'give up'], [['a'], ['b']])).toMatchObject({
      at: 'meanings',
    })
    // The senses as a whole: no place.
    expect(sensesProblem([], [['be clueless']])).not.toHaveProperty('at')
    const half = (tag: string) =>
      Array.from({ length: IDIOM_PHRASES_MAX / 2 + 1 }, (_, i) => `${tag} ${i}`)
    expect(sensesProblem([], [half('a'), half('b')])).toEqual({
      message: `At most ${IDIOM_PHRASES_MAX} meaning phrases in all, senses included`,
    })
    expect(sensesProblem(half('a'), [['b'], ['c']])).toBeNull()
    expect(sensesProblem([], [])).toBeNull()
  })

  it('lets changes and content files carry senses, absent meaning unchanged or one sense', () => {
    expect(IdiomChanges.parse({ senses: [['a'], ['b', '']] }).senses).toEqual([['a'], ['b']])
    expect(IdiomChanges.parse({}).senses).toBeUndefined()
    const content = {
      ...base,
      tone: 'Street',
      usage: 8,
      source: 'x',
      examples: [1, 2].map((n) => ({
        text: `t${n}`,
        conjugatedSnippet: 't',
        translation: 'e',
        literal: 'l',
      })),
    }
    expect(ContentIdiom.parse(content).senses).toBeUndefined()
    expect(ContentIdiom.parse({ ...content, senses: [['a'], ['b']] }).senses).toEqual([
      ['a'],
      ['b'],
    ])
    expect(ContentIdiom.safeParse({ ...content, senses: [['a'], []] }).success).toBe(false)
  })
})
