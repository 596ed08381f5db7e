import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a person's role said for the other sex ("waiter" for
// "waitress", "chairwoman" for "chairman") is a changed detail, though WordNet makes the one a
// kind of the other or puts both in one synset (decision 055, session 18).
const whisper = (translation: string, text: string, meanings = true): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'por lo bajo',
  translation,
  idiom: {
    text: 'por lo bajo',
    translation: "under one's breath; quietly",
    ...(meanings ? { meanings: ['under their breath', 'quietly', 'in a low voice'] } : {}),
  },
})
const waitress = whisper(
  'The guests complained under their breath while the waitress was serving the soup.',
  'Los invitados se quejaban por lo bajo mientras la moza servía la sopa.',
)
const chairman = whisper(
  'Two members laughed under their breath when the chairman read the figures.',
  'Dos socios se rieron por lo bajo cuando el presidente leyó las cifras.',
)

describe('a role named for the other sex', () => {
  it('"waiter" for "waitress" is minor, named in the feedback', () => {
    const result = gradeTranslation(
      waitress,
      'The guests complained under their breath while the waiter was serving the soup.',
    )
    expect(result.accuracy).toBe('minor')
    expect(result.feedback).toContain('"waiter" where the sentence says "waitress"')
  })

  it('"chairwoman" for "chairman" (one WordNet synset) is minor', () => {
    expect(
      gradeTranslation(
        chairman,
        'Two members laughed under their breath when the chairwoman read the figures.',
      ).accuracy,
    ).toBe('minor')
  })

  it('with the gloss only, the changed role is still a detail, not the idiom missing: minor', () => {
    const glossOnly = whisper(waitress.translation, waitress.text, false)
    expect(
      gradeTranslation(
        glossOnly,
        'The guests complained under their breath while the waiter was serving the soup.',
      ).accuracy,
    ).toBe('minor')
  })

  it('the same role beside another rendering of the idiom stays perfect', () => {
    expect(
      gradeTranslation(
        waitress,
        'The guests complained quietly while the waitress was serving the soup.',
      ).accuracy,
    ).toBe('perfect')
  })
})
