import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): an idiom of two senses (decision 067) whose reference says
// one sense in two phrases; a learner who keeps one of them but gives the idiom's place the other
// sense's phrase gave the other meaning (decision 055, session 18, after the fifteenth set).
const passing: EvaluatorExample = {
  text: 'No nos quedamos en Salta: estamos de paso hacia Jujuy.',
  conjugatedSnippet: 'estamos de paso',
  translation: "We're not staying in Salta: we're just passing through on our way to Jujuy.",
  idiom: {
    text: 'estar de paso',
    translation: 'while one is at it; just passing through',
    senses: [
      ['while one is at it', "while we're at it", 'at the same time'],
      ['just passing through', 'passing through', 'not staying'],
    ],
  },
}

describe("the idiom's other sense in place of the reference's", () => {
  it('"while we\'re at it" for "just passing through" is the other sense: major', () => {
    const result = gradeTranslation(
      passing,
      "We're not staying in Salta: while we're at it, we're travelling on to Jujuy.",
    )
    expect(result.accuracy).toBe('major')
    expect(result.feedback).toContain('another of its meanings')
  })

  it('"only passing through" keeps the sense: perfect', () => {
    expect(
      gradeTranslation(
        passing,
        "We're not staying in Salta: we're only passing through on our way to Jujuy.",
      ).accuracy,
    ).toBe('perfect')
  })
})
