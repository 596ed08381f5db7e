import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): where the learner says no meaning phrase, the reference's
// idiom words carried over count; a past form of the reference's ("dressed") is a verb, so a
// learner's noun that shares only a noun sense with it ("clothes" is a "dress") does not carry
// it over, unless a light verb makes the noun an act (decision 055, session 16).
const dressed: EvaluatorExample = {
  text: 'Se puso de punta en blanco para la fiesta de su hermano.',
  conjugatedSnippet: 'Se puso de punta en blanco',
  translation: 'She dressed up for her brother’s party.',
  idiom: {
    text: 'ponerse de punta en blanco',
    translation: 'to dress up; to look one’s smartest',
    meanings: ['dress up', 'get dressed up', "put on one's best clothes"],
  },
}

describe('a reference verb carried over by a noun of the learner’s', () => {
  it('"put on her oldest clothes" does not say "dressed up": major', () => {
    expect(
      gradeTranslation(dressed, 'She put on her oldest clothes for her brother’s party.').accuracy,
    ).toBe('major')
  })
  it('"put on her best clothes" and "got all dressed up" say it: perfect', () => {
    expect(
      gradeTranslation(dressed, 'She put on her best clothes for her brother’s party.').accuracy,
    ).toBe('perfect')
    expect(
      gradeTranslation(dressed, 'She got all dressed up for her brother’s party.').accuracy,
    ).toBe('perfect')
  })
})

// Made up: a light verb's object names an act ("got the idea" is "thought"), so it still carries
// the reference's past form over.
const imagined: EvaluatorExample = {
  text: 'Cuando vi la foto flasheé que era mi primo, pero era otro chico.',
  conjugatedSnippet: 'flasheé',
  translation: 'When I saw the photo I thought it was my cousin, but it was another boy.',
  idiom: {
    text: 'flashear',
    translation: 'to imagine things; to think wrongly',
    meanings: ['imagine things', 'think wrongly', 'get the wrong idea'],
  },
}

describe('a light verb’s object carries the reference’s verb over', () => {
  it('"I got the idea it was my cousin" for "I thought …": perfect', () => {
    expect(
      gradeTranslation(
        imagined,
        'When I saw the photo I got the idea it was my cousin, but it was another boy.',
      ).accuracy,
    ).toBe('perfect')
  })
})
