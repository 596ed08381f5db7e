import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): the reference's "I" or "you" as the doer, replaced in the
// learner's text by someone close to the speaker (`replacedDoer`, session 13, decision 055).
const scram = (translation: string, text: string): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'me rajé',
  translation,
  idiom: {
    text: 'rajar',
    translation: 'to clear off; to run off',
    meanings: ['clear off', 'run off', 'take off'],
  },
})
const storm = scram(
  'When the storm started, I ran off to the bus shelter.',
  'Cuando empezó la tormenta, me rajé al refugio del colectivo.',
)
const boss = scram(
  'If the boss shows up, you run off through the back door.',
  'Si aparece el jefe, te rajás por la puerta de atrás.',
)

describe('the doer replaced by someone close to the speaker', () => {
  it('"my sister ran off" for "I ran off" is minor, naming both', () => {
    const grade = gradeTranslation(
      storm,
      'When the storm started, my sister ran off to the bus shelter.',
    )
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('You wrote "my sister" where the sentence says "I"')
  })

  it('"your brother runs off" for "you run off" is minor', () => {
    const grade = gradeTranslation(
      boss,
      'If the boss shows up, your brother runs off through the back door.',
    )
    expect(grade.accuracy).toBe('minor')
    expect(grade.feedback).toContain('"your brother"')
  })
})

describe('the doer kept', () => {
  it('"my sister and I" and "with my sister" are an added person, not a replaced one', () => {
    for (const answer of [
      'When the storm started, my sister and I ran off to the bus shelter.',
      'When the storm started, I ran off to the bus shelter with my sister.',
    ]) {
      const grade = gradeTranslation(storm, answer)
      expect(grade.accuracy).toBe('minor')
      expect(grade.feedback).toContain('You added "my sister"')
      expect(grade.feedback).not.toContain('where the sentence says "I"')
    }
  })

  it('the doer said again, or someone close named as an owner, is no replaced doer', () => {
    for (const answer of [
      'When the storm started, I took off to the bus shelter.',
      "When the storm started, I ran off to my sister's bus shelter.",
      'As the storm began, I cleared off to the bus shelter.',
    ])
      expect(gradeTranslation(storm, answer).feedback).not.toContain('where the sentence says "I"')
    expect(
      gradeTranslation(storm, 'As the storm began, I cleared off to the bus shelter.').accuracy,
    ).toBe('perfect')
  })
})
