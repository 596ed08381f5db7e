import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a clause of the reference negates an adjective ("not
// present") that a learner may say by its WordNet antonym ("absent").
const record: EvaluatorExample = {
  text: 'Dejé constancia de que el conductor no estaba presente.',
  conjugatedSnippet: 'Dejé constancia',
  translation: 'I put on record that the driver was not present.',
  idiom: {
    text: 'dejar constancia',
    translation: 'to put on record; to note formally',
    meanings: ['put on record', 'note formally', 'state for the record'],
  },
}

describe('a negated word said by its antonym is the same statement', () => {
  it('"was absent" for "was not present" is no opposite', () => {
    expect(gradeTranslation(record, 'I put on record that the driver was absent.')).toMatchObject({
      accuracy: 'perfect',
    })
  })

  it('"was present" for "was not present" is still the opposite', () => {
    const r = gradeTranslation(record, 'I put on record that the driver was present.')
    expect(r).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
    expect(r.feedback).toContain('check the negation')
  })
})

// Made up: "decline" negates what it governs, as "refuse" does.
const refused: EvaluatorExample = {
  ...record,
  text: 'Dejé constancia de que la paciente rechazó el tratamiento.',
  translation: 'I put on record that the patient refused the treatment.',
}

describe('"decline" says "not", as "refuse" does', () => {
  it('"declined the treatment" for "refused the treatment" is no opposite', () => {
    expect(
      gradeTranslation(refused, 'I put on record that the patient declined the treatment.'),
    ).toMatchObject({ accuracy: 'perfect' })
  })

  it('"did not decline" for "refused" is the opposite', () => {
    expect(
      gradeTranslation(refused, 'I put on record that the patient did not decline the treatment.'),
    ).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
  })
})

// Made up: a negated everyday verb or adjective said by its everyday opposite (english.ts
// OPPOSITE_GROUPS) is the same statement; said plainly, still the opposite.
const gaveItAll: EvaluatorExample = {
  text: 'Nos pusimos la camiseta, pero no nos quedamos a la fiesta.',
  conjugatedSnippet: 'Nos pusimos la camiseta',
  translation: "We gave it our all, but we didn't stay for the party.",
  idiom: {
    text: 'ponerse la camiseta',
    translation: "to commit fully; to give it one's all",
    meanings: ["give it one's all", 'commit fully'],
  },
}

describe('a negated word said by its everyday opposite is the same statement', () => {
  it('"left before the party" for "didn\'t stay for the party" is no opposite', () => {
    expect(
      gradeTranslation(gaveItAll, 'We gave it our all, but we left before the party.'),
    ).toMatchObject({ accuracy: 'perfect' })
  })

  it('"the shop was closed" for "the shop was not open" is no opposite', () => {
    expect(
      gradeTranslation(
        { ...gaveItAll, translation: 'We gave it our all, but the shop was not open.' },
        'We gave it our all, but the shop was closed.',
      ),
    ).toMatchObject({ accuracy: 'perfect' })
  })

  it('"stayed for the party" for "didn\'t stay for the party" is still the opposite', () => {
    expect(
      gradeTranslation(gaveItAll, 'We gave it our all, but we stayed for the party.'),
    ).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
  })
})

// Made up: an opposite of two words ("get out" / "stay").
const lazySunday: EvaluatorExample = {
  text: 'El domingo tengo fiaca, no salgo de la cama hasta el mediodía.',
  conjugatedSnippet: 'tengo fiaca',
  translation: "On Sunday I feel lazy, I'm not getting out of bed until noon.",
  idiom: { text: 'tener fiaca', translation: 'to feel lazy', meanings: ['feel lazy', 'lazy'] },
}

describe('a negated phrasal verb said by its everyday opposite is the same statement', () => {
  it('"staying in bed" for "not getting out of bed" is no opposite', () => {
    expect(
      gradeTranslation(lazySunday, "On Sunday I feel lazy, I'm staying in bed until noon."),
    ).toMatchObject({ accuracy: 'perfect' })
  })

  it('"getting out of bed" for "not getting out of bed" is still the opposite', () => {
    expect(
      gradeTranslation(lazySunday, "On Sunday I feel lazy, I'm getting out of bed at noon."),
    ).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
  })
})
