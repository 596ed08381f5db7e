import { api } from '@che/core'
import { describe, expect, it } from 'vitest'
import { callKey } from './query-keys'

describe('callKey', () => {
  it('builds a query key per call from its contract name and its non-empty inputs', () => {
    expect(callKey('settingsGet')).toEqual(['settingsGet'])
    expect(callKey('exercisesNext', { usage: 'common', tone: undefined, tz: '' })).toEqual([
      'exercisesNext',
      { usage: 'common' },
    ])
    expect(callKey('idiomGet', { id: 'x' })).toEqual(['idiomGet', { id: 'x' }])
  })

  it('gives distinct inputs distinct keys, and equal inputs equal keys', () => {
    const ba = callKey('exercisesStats', { tz: 'America/Buenos_Aires' })
    const madrid = callKey('exercisesStats', { tz: 'Europe/Madrid' })
    expect(ba).not.toEqual(madrid)
    expect(ba).toEqual(callKey('exercisesStats', { tz: 'America/Buenos_Aires' }))
    expect(callKey('idiomGet', { id: 'a' })).not.toEqual(callKey('idiomGet', { id: 'b' }))
    expect(callKey('exercisesNext', {}, 1)).not.toEqual(callKey('exercisesNext', {}, 2))
    // The same inputs under two calls never collide.
    expect(callKey('exampleGet', { id: 'a' })).not.toEqual(callKey('idiomGet', { id: 'a' }))
  })

  it('puts local parts (not sent to the server) after the inputs, so the bare key is a prefix', () => {
    expect(callKey('settingsGet', {}, 'admin')).toEqual(['settingsGet', 'admin'])
    expect(callKey('sandboxNext', { after: 'e1' }, 3)).toEqual(['sandboxNext', { after: 'e1' }, 3])
  })

  it('names only calls of the contract table', () => {
    const names = Object.keys(api)
    expect(names).toContain(callKey('exercisesCalendar')[0])
    // @ts-expect-error a name that is not a call of the contract does not type-check
    callKey('exercise-stats')
    // @ts-expect-error neither does an input the call does not take
    callKey('exercisesStats', { usage: 'common' })
  })
})
