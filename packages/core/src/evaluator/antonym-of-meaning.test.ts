import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { wordNetAntonymsOf } from './english.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): the learner says a meaning phrase's word ("public") beside
// the WordNet antonym of another meaning phrase's word ("unknown" / "widely known").
const rumour: EvaluatorExample = {
  text: 'Que el intendente renunció ya es vox populi.',
  conjugatedSnippet: 'es vox populi',
  translation: 'That the mayor resigned is already common knowledge.',
  idiom: {
    text: 'ser vox populi',
    translation: 'to be common knowledge; widely known',
    meanings: ['common knowledge', 'widely known', 'public knowledge', 'public'],
    literals: ['be voice of the people'],
  },
}
const grade = (answer: string) => gradeTranslation(rumour, answer)

describe("a WordNet antonym of a meaning phrase's word, beside the learner's meaning phrase", () => {
  it('is the idiom reversed, a major that names both words', () => {
    const r = grade('That the mayor resigned is still unknown to the public.')
    expect(r).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
    expect(r.feedback).toContain('you wrote "unknown", the opposite of "known"')
  })

  it('an antonym of no meaning word, or the meaning said, is no reversal', () => {
    expect(grade('That the mayor resigned is already widely known.').accuracy).toBe('perfect')
    // "unhappy" is the antonym of "happy", which no meaning phrase says
    expect(
      grade('That the mayor resigned is already public knowledge among unhappy voters.').accuracy,
    ).not.toBe('major')
  })

  it('reads adjectives and adverbs in any form, not general verbs', () => {
    expect(wordNetAntonymsOf('unknown')).toContain('known')
    expect(wordNetAntonymsOf('proudly')).toContain('humble')
    expect(wordNetAntonymsOf('came')).toEqual([])
  })
})
