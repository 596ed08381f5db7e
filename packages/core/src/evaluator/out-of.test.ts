import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): an idiom with a gloss only, which the reference says with
// words the gloss does not have ("out of the loop" for "in the know").
const loop: EvaluatorExample = {
  text: 'Desde que cambié de trabajo, no estoy en la pomada de lo que pasa en la oficina.',
  conjugatedSnippet: 'no estoy en la pomada',
  translation: "Since I changed jobs, I'm out of the loop on what goes on at the office.",
  idiom: { text: 'estar en la pomada', translation: 'to be in the know' },
}

describe('"in" for "out of" with the same words after it', () => {
  it('is the opposite, a major that names both', () => {
    const r = gradeTranslation(
      loop,
      "Since I changed jobs, I'm right in the loop on what goes on at the office.",
    )
    expect(r).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
    expect(r.feedback).toBe(
      'Your translation says the opposite: you wrote "in" where the sentence says "out of" (the loop).',
    )
  })

  it('negated, it is no reversal of "out of" ("not in the loop")', () => {
    expect(
      gradeTranslation(
        loop,
        "Since I changed jobs, I'm not in the loop on what goes on at the office.",
      ).feedback,
    ).not.toContain('you wrote "in"')
  })

  it('"out of a film" says where from, no reversal of "in the film"', () => {
    const film: EvaluatorExample = {
      ...loop,
      translation: 'Since I changed jobs, my life is like in the films.',
    }
    expect(
      gradeTranslation(film, 'Since I changed jobs, my life is straight out of a film.').feedback,
    ).not.toContain('you wrote "in"')
  })
})
