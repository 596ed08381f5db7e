import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { cancelledBefore } from './english.js'
import { gradeTranslation } from './translation.js'

// Made up (no case set's sentence): the idiom's action said, then undone by a verb that
// cancels it ("call off", "scrap").
const goSlow: EvaluatorExample = {
  text: 'Los choferes van a trabajar a reglamento desde el lunes.',
  conjugatedSnippet: 'trabajar a reglamento',
  translation: 'The drivers are going to work to rule from Monday.',
  idiom: {
    text: 'trabajar a reglamento',
    translation: 'to work to rule (as industrial action)',
    meanings: ['work to rule', 'go slow', 'stage a go-slow'],
    literals: ['work to regulation'],
  },
}

describe('a verb that cancels the idiom right before it', () => {
  it('is the opposite, a major that names the verb', () => {
    const r = gradeTranslation(
      goSlow,
      'The drivers are going to call off the work-to-rule from Monday.',
    )
    expect(r).toMatchObject({ accuracy: 'major', mistakeType: 'meaning' })
    expect(r.feedback).toContain('"call off" undoes what the idiom says')
    expect(
      gradeTranslation(goSlow, 'The drivers are going to scrap their go-slow from Monday.')
        .accuracy,
    ).toBe('major')
  })

  it('the idiom said without it stays perfect', () => {
    expect(gradeTranslation(goSlow, 'The drivers will stage a go-slow from Monday.').accuracy).toBe(
      'perfect',
    )
  })

  it('cancels nothing across a comma or further away', () => {
    expect(cancelledBefore(['call', 'off', 'the', 'strike'], 3)).toBe(0)
    expect(cancelledBefore(['scrapped', 'their', 'go', 'slow'], 2)).toBe(0)
    expect(cancelledBefore(['cancelled', 'the', 'exam', 'and', 'went', 'slow'], 4)).toBe(-1)
    // "got called off, all hell broke loose": the comma ends what "called off" cancels
    const fuss: EvaluatorExample = {
      text: 'Cuando suspendieron el partido, se armó un quilombo.',
      conjugatedSnippet: 'se armó un quilombo',
      translation: 'When the match got called off, all hell broke loose.',
      idiom: {
        text: 'armar un quilombo',
        translation: 'to cause a ruckus; to make a huge mess',
        meanings: ['cause chaos', 'chaos broke out', 'all hell broke loose'],
      },
    }
    // not the opposite (the reference's "called off" read as undoing the idiom): "stopped" for
    // "called off" is at most a slip
    expect(
      gradeTranslation(fuss, 'When they stopped the game, chaos broke out.').accuracy,
    ).not.toBe('major')
  })
})
