import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a person the idiom's words name only as an owner ("blow my
// own trumpet") said by the learner as a doer is no change of person (decision 055, session 12);
// a new person still is, and so is an owner outside the idiom said as a doer (translation.test.ts:
// "when I was sixty" for "My dad … at sixty").
const brag: EvaluatorExample = {
  text: 'Perdón que me agrande, pero la torta me salió espectacular.',
  conjugatedSnippet: 'me agrande',
  translation: 'Sorry to blow my own trumpet, but the cake turned out amazing.',
  idiom: {
    text: 'agrandarse',
    translation: "to blow one's own trumpet; to brag",
    meanings: ["blow one's own trumpet", 'brag', 'show off'],
  },
}
const butt: EvaluatorExample = {
  text: 'Perdón que meta la cuchara, pero esas cifras están mal.',
  conjugatedSnippet: 'meta la cuchara',
  translation: 'Sorry to butt in, but those figures are wrong.',
  idiom: {
    text: 'meter la cuchara',
    translation: "to butt in; to stick one's oar in",
    meanings: ['butt in', "stick one's oar in", 'interrupt'],
  },
}

describe('a person named as an owner, or in "excuse me"', () => {
  it('"I don\'t mean to brag" for "Sorry to blow my own trumpet" is perfect', () => {
    expect(
      gradeTranslation(brag, "I don't mean to brag, but the cake turned out amazing.").accuracy,
    ).toBe('perfect')
  })

  it('"Excuse me for interrupting" for "Sorry to butt in" is perfect', () => {
    expect(
      gradeTranslation(butt, 'Excuse me for interrupting, but those figures are wrong.').accuracy,
    ).toBe('perfect')
  })

  it('someone else as the doer is still a change of person', () => {
    const r = gradeTranslation(brag, "She doesn't mean to brag, but the cake turned out amazing.")
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('Check who is doing what')
  })
})
