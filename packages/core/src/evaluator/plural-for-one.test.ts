import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a meaning phrase's one thing ("have a rule", "a rule") is
// not said by "have" and the bare plural ("has rules"): things owned, another reading, not the
// idiom (decision 055, session 18). Said of several with its article it still is.
const scruples: EvaluatorExample = {
  text: 'Es un vivo, pero tiene escrúpulos: nunca le miente a un amigo.',
  conjugatedSnippet: 'tiene escrúpulos',
  translation: "He's a smooth operator, but he has a conscience: he never lies to a friend.",
  idiom: {
    text: 'tener escrúpulos',
    translation: 'to have a conscience; to have scruples',
    meanings: ['have a conscience', 'have a rule', 'a rule', 'have scruples'],
  },
}

describe('a phrase\'s one thing said by "have" and a bare plural', () => {
  it('"has rules" for "has a conscience" (meaning "have a rule") is not the idiom: major', () => {
    expect(
      gradeTranslation(
        scruples,
        "He's a smooth operator, but he has rules: he never lies to a friend.",
      ).accuracy,
    ).toBe('major')
  })

  it('"has a rule" is the meaning phrase: perfect', () => {
    expect(
      gradeTranslation(
        scruples,
        "He's a smooth operator, but he has a rule: he never lies to a friend.",
      ).accuracy,
    ).toBe('perfect')
  })
})
