import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a word joined by a hyphen to the reference's noun makes
// another thing of it ("semi-final" for "final", "ex-boss" for "boss"), a changed detail, minor
// (prefixedNoun in translation.ts, decision 055, session 17). Where the reference has a word of
// its own before the noun that the learner leaves out ("the former official"), the prefix may be
// that word said another way.
const grudge = (translation: string, text: string): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'quedó con la sangre en el ojo',
  translation,
  idiom: {
    text: 'quedarse con la sangre en el ojo',
    translation: 'to hold a grudge; to be left resentful',
    meanings: ['hold a grudge', 'be left resentful', 'left bitter'],
  },
})
const final = grudge(
  'After the final, the coach was left bitter.',
  'Después de la final, el técnico quedó con la sangre en el ojo.',
)
const boss = grudge(
  'My boss was left bitter after the meeting.',
  'Mi jefe quedó con la sangre en el ojo después de la reunión.',
)
const former = grudge(
  'The former minister was left bitter after the vote.',
  'El exministro quedó con la sangre en el ojo después de la votación.',
)

describe('a noun made another thing by a hyphenated word', () => {
  it('"the semi-final" for "the final" is minor, named in the feedback', () => {
    const result = gradeTranslation(final, 'After the semi-final, the coach was left bitter.')
    expect(result.accuracy).toBe('minor')
    expect(result.feedback).toContain('"semi-final" where the sentence says "final"')
  })

  it('"my ex-boss" for "my boss" is minor', () => {
    expect(gradeTranslation(boss, 'My ex-boss was left bitter after the meeting.').accuracy).toBe(
      'minor',
    )
  })

  it('"the ex-minister" for "the former minister" stays perfect', () => {
    expect(
      gradeTranslation(former, 'The ex-minister was left bitter after the vote.').accuracy,
    ).toBe('perfect')
  })

  it('the same noun kept is perfect', () => {
    expect(gradeTranslation(final, 'After the final, the coach held a grudge.').accuracy).toBe(
      'perfect',
    )
  })
})
