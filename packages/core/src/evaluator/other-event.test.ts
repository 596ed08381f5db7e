import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): an opposite time word on another verb names another event,
// a changed detail, not the statement reversed (otherEventTimed in translation.ts, session 14,
// decision 055).
const shift: EvaluatorExample = {
  text: 'La encargada me dio una mano y me dejó salir temprano ayer.',
  conjugatedSnippet: 'me dio una mano',
  translation: 'The manager gave me a hand and let me leave early yesterday.',
  idiom: { text: 'dar una mano', translation: 'to give a hand; to help' },
}

describe('an opposite word on another verb', () => {
  it('"start late" for "leave early" is a changed detail, minor, naming what was left out', () => {
    const grade = gradeTranslation(
      shift,
      'The manager gave me a hand and let me start late yesterday.',
    )
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('early')
  })

  it('two opposites on one event ("arrive late" for "leave early") are minor too', () => {
    const ex = shift
    expect(
      gradeTranslation(ex, 'The manager gave me a hand and let me arrive late yesterday.').accuracy,
    ).toBe('minor')
  })

  it('the opposite on the same verb is still the statement reversed', () => {
    const ex = shift
    const grade = gradeTranslation(
      ex,
      'The manager gave me a hand and let me leave late yesterday.',
    )
    expect(grade.accuracy).toBe('major')
    expect(grade.feedback).toContain('you wrote "late" where the sentence says "early"')
  })
})
