import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a place named by its people's name in the reference and by
// its own name in the answer.
const talks: EvaluatorExample = {
  text: 'El club está en tratativas con un delantero italiano.',
  conjugatedSnippet: 'está en tratativas',
  translation: 'The club is in talks with an Italian striker.',
  idiom: {
    text: 'estar en tratativas',
    translation: 'to be in talks; to be negotiating',
    meanings: ['be in talks', 'be negotiating'],
  },
}

describe("a place's name for its people's", () => {
  it('is the same detail: "a striker from Italy" for "an Italian striker" is perfect', () => {
    expect(
      gradeTranslation(talks, 'The club is in talks with a striker from Italy.').accuracy,
    ).toBe('perfect')
  })

  it('another place is still a changed detail that the feedback names', () => {
    const r = gradeTranslation(talks, 'The club is in talks with a striker from Spain.')
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('"spain"')
  })
})
