import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a meaning phrase's word that the learner says only as the
// first word of a compound noun of their own ("left" of "left wing") names another thing, and
// does not say the phrase (decision 055, session 16).
const everywhere: EvaluatorExample = {
  text: 'Repartió volantes a diestra y siniestra en la plaza.',
  conjugatedSnippet: 'a diestra y siniestra',
  translation: 'He handed out flyers left and right in the square.',
  idiom: {
    text: 'a diestra y siniestra',
    translation: 'left and right; indiscriminately',
    meanings: ['left and right', 'right and left', 'everywhere', 'to everyone'],
  },
}

describe('a meaning phrase’s word inside a compound noun of the learner’s', () => {
  it('"to the left wing and the right wing" does not say "left and right": major', () => {
    expect(
      gradeTranslation(
        everywhere,
        'He handed out flyers to the left wing and the right wing in the square.',
      ).accuracy,
    ).toBe('major')
  })
  it('"right and left" and "to everyone" say it: perfect', () => {
    expect(
      gradeTranslation(everywhere, 'He handed out flyers right and left in the square.').accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(everywhere, 'He handed out flyers to everyone in the square.').accuracy,
    ).toBe('perfect')
  })
})

// Made up: an -ing modifier names the thing's use ("the starting point" is the start), so the
// compound still says its first word.
const squareOne: EvaluatorExample = {
  text: 'Con el cambio de entrenador, el equipo volvió a foja cero.',
  conjugatedSnippet: 'volvió a foja cero',
  translation: 'With the change of coach, the team went back to square one.',
  idiom: {
    text: 'volver a foja cero',
    translation: 'to go back to square one',
    meanings: ['go back to square one', 'back to the start', 'start over', 'from scratch'],
  },
}

describe('an -ing modifier of a compound', () => {
  it('"was back at the starting point" says "back to the start": perfect', () => {
    expect(
      gradeTranslation(
        squareOne,
        'With the change of coach, the team was back at the starting point.',
      ).accuracy,
    ).toBe('perfect')
  })
})
