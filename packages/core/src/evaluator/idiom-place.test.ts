import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): an admin's own idiom, a gloss and no meaning list, and a
// reference that says the idiom with words the gloss does not have ("toast" for "in trouble"), so
// the engine cannot find the idiom's words in it; the Spanish says the idiom at the start.
const toast: EvaluatorExample = {
  text: 'Estoy al horno: mañana tengo que entregar el informe de ventas y todavía no empecé.',
  conjugatedSnippet: 'Estoy al horno',
  translation:
    "I'm toast: tomorrow I have to hand in the sales report and I still haven't started.",
  idiom: { text: 'estar al horno', translation: 'to be in trouble' },
}

describe('an idiom with a gloss only: words far from where the Spanish says it are the sentence’s', () => {
  it('a detail changed there is a minor slip that names it', () => {
    const r = gradeTranslation(
      toast,
      "I'm toast: tomorrow I have to hand in the marketing report and I still haven't started.",
    )
    expect(r).toMatchObject({ accuracy: 'minor', mistakeType: 'detail' })
    expect(r.feedback).toContain('"sales"')
  })

  it('the words where the Spanish says the idiom, left out or said otherwise, are still a major', () => {
    for (const answer of [
      "Tomorrow I have to hand in the sales report and I still haven't started.",
      "I'm happy: tomorrow I have to hand in the sales report and I still haven't started.",
      "I'm in the oven: tomorrow I have to hand in the sales report and I still haven't started.",
    ])
      expect(gradeTranslation(toast, answer), answer).toMatchObject({
        accuracy: 'major',
        mistakeType: 'meaning',
      })
  })
})
