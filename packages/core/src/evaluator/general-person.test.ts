import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a reference noun for people in general ("people", "a
// person") said by a pronoun for anyone ("anyone", "everybody", "no one") is the same people,
// not a detail left out or changed (decision 055, session 18).
const nose = (translation: string, text: string): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'meter la nariz',
  translation,
  idiom: {
    text: 'meter la nariz',
    translation: "to poke one's nose in; to meddle",
    meanings: ["poke one's nose in", 'meddle', 'stick their nose in', 'pry'],
  },
})
const everything = nose(
  'My aunt pokes her nose into everything, but she never gossips about people in the family.',
  'Mi tía mete la nariz en todo, pero nunca chusmea de la gente de la familia.',
)
const prying = nose(
  'People who pry into other lives usually have nothing going on in their own.',
  'La gente que mete la nariz en vidas ajenas suele no tener nada propio.',
)

describe('people in general said by a pronoun for anyone', () => {
  it('"gossips about anyone in the family" for "about people in the family" is perfect', () => {
    expect(
      gradeTranslation(
        everything,
        'My aunt pokes her nose into everything, but she never gossips about anyone in the family.',
      ).accuracy,
    ).toBe('perfect')
  })

  it('"Anyone who pries …" for "People who pry …" is perfect', () => {
    expect(
      gradeTranslation(
        prying,
        'Anyone who pries into other lives usually has nothing going on in their own.',
      ).accuracy,
    ).toBe('perfect')
  })

  it('"gossips about neighbours in the family" (another noun) is still a changed detail', () => {
    expect(
      gradeTranslation(
        everything,
        'My aunt pokes her nose into everything, but she never gossips about neighbours in the family.',
      ).accuracy,
    ).toBe('minor')
  })
})
