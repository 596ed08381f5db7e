import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): the reference's idiom is a phrasal verb whose particle carries
// its meaning ("cut someone off"); the same verb kept with its particle gone and something else
// in its place ("cut him some slack") says another thing (decision 055, session 16, second round).
const cutOff: EvaluatorExample = {
  text: 'Cuando dejó el trabajo, el padre le cortó el chorro a mi hermano.',
  conjugatedSnippet: 'le cortó el chorro',
  translation: 'When he quit his job, Dad cut my brother off.',
  idiom: {
    text: 'cortar el chorro',
    translation: 'to cut someone off; to stop the flow of money',
    meanings: ['cut someone off', 'stop the money', 'stop giving money', 'pull the plug'],
    literals: ['cut the stream', 'cut the jet'],
  },
}

describe('a phrasal verb’s particle replaced', () => {
  it('"cut my brother some slack" does not say "cut my brother off": major', () => {
    expect(
      gradeTranslation(cutOff, 'When he quit his job, Dad cut my brother some slack.').accuracy,
    ).toBe('major')
  })
  it('"cut off my brother" and "stopped giving my brother money" say it: perfect', () => {
    expect(gradeTranslation(cutOff, 'When he quit his job, Dad cut off my brother.').accuracy).toBe(
      'perfect',
    )
    expect(
      gradeTranslation(cutOff, 'When he quit his job, Dad stopped giving my brother money.')
        .accuracy,
    ).toBe('perfect')
  })
})
