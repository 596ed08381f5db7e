import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): a detail said by a word WordNet makes a direct kind of the
// reference's word, or its general word, against a sibling of the same kind (decision 055).
const scurry = (translation: string, text: string): EvaluatorExample => ({
  text,
  conjugatedSnippet: 'salieron como rata por tirante',
  translation,
  idiom: {
    text: 'salir como rata por tirante',
    translation: 'to scurry off; to run off in a hurry',
    meanings: ['scurry off', 'run off', 'bolt'],
  },
})
const thieves = scurry(
  'When the lights came on, the thieves ran off.',
  'Cuando se prendieron las luces, los ladrones salieron como rata por tirante.',
)
const parents = scurry(
  'When the dog barked, my mother ran off.',
  'Cuando ladró el perro, mi mamá salió como rata por tirante.',
)
const monday = scurry(
  'On Monday the whole office ran off at five.',
  'El lunes toda la oficina salió como rata por tirante a las cinco.',
)
const funds = scurry(
  'The treasurer ran off with the funds of the club.',
  'El tesorero salió como rata por tirante con los fondos del club.',
)

describe('a direct kind of the reference word', () => {
  it('"burglars" for "thieves" is the same detail: perfect', () => {
    expect(
      gradeTranslation(thieves, 'When the lights came on, the burglars ran off.').accuracy,
    ).toBe('perfect')
  })

  it('"money" for "funds" (its general word) is the same detail: perfect', () => {
    expect(
      gradeTranslation(funds, 'The treasurer ran off with the money of the club.').accuracy,
    ).toBe('perfect')
  })

  it('"parent" for "mother" (its general word) is perfect', () => {
    expect(gradeTranslation(parents, 'When the dog barked, my parent ran off.').accuracy).toBe(
      'perfect',
    )
  })
})

describe('a sibling of the same kind is still a changed detail', () => {
  it('"bedroom" for "kitchen" (both kinds of room) is minor, named in the feedback', () => {
    const kitchen = scurry(
      'When the smoke alarm went off, we ran off from the kitchen.',
      'Cuando sonó la alarma de humo, salimos como rata por tirante de la cocina.',
    )
    const r = gradeTranslation(
      kitchen,
      'When the smoke alarm went off, we ran off from the bedroom.',
    )
    expect(r.accuracy).toBe('minor')
    expect(r.feedback).toContain('"bedroom"')
  })

  it('"breakfast" for "dinner" (both kinds of meal) is minor', () => {
    const dinner = scurry(
      'Right after dinner the kids ran off.',
      'Justo después de la cena los chicos salieron como rata por tirante.',
    )
    expect(gradeTranslation(dinner, 'Right after breakfast the kids ran off.').accuracy).toBe(
      'minor',
    )
  })

  it('"Tuesday" for "Monday" (both weekdays) is minor', () => {
    expect(gradeTranslation(monday, 'On Tuesday the whole office ran off at five.').accuracy).toBe(
      'minor',
    )
  })

  it('a time said by its general word ("one day" for "Monday") stays a slip', () => {
    expect(gradeTranslation(monday, 'One day the whole office ran off at five.').accuracy).toBe(
      'minor',
    )
  })

  it('"sold" for "bought" is not the same action', () => {
    const bought = scurry(
      'He bought the tickets and ran off.',
      'Compró las entradas y salió como rata por tirante.',
    )
    expect(gradeTranslation(bought, 'He sold the tickets and ran off.').accuracy).not.toBe(
      'perfect',
    )
  })
})

// Made up: a phrase with a time word in it ("all night") is a detail, as the time word is
// (decision 055, second round).
describe('a time of day swapped inside a phrase', () => {
  const party = scurry(
    'The band played all night and then ran off.',
    'La banda tocó toda la noche y después salió como rata por tirante.',
  )
  it('"all afternoon" for "all night" is a changed detail: minor', () => {
    expect(
      gradeTranslation(party, 'The band played all afternoon and then ran off.').accuracy,
    ).toBe('minor')
  })
  it('"the whole night" for "all night" says the same: perfect', () => {
    expect(
      gradeTranslation(party, 'The band played the whole night and then ran off.').accuracy,
    ).toBe('perfect')
  })
})
