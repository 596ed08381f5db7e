import { describe, expect, it } from 'vitest'
import { usageBand } from './usage.js'

describe('usageBand', () => {
  it('puts each usage value in the band the spec names', () => {
    expect([10, 9, 8].map(usageBand)).toEqual(['super_common', 'super_common', 'super_common'])
    expect([7, 6, 5].map(usageBand)).toEqual(['common', 'common', 'common'])
    expect([4, 3].map(usageBand)).toEqual(['uncommon', 'uncommon'])
    expect([2, 1].map(usageBand)).toEqual(['super_rare', 'super_rare'])
  })
  it('refuses a value outside 1-10', () => {
    expect(() => usageBand(0)).toThrow(RangeError)
    expect(() => usageBand(11)).toThrow(RangeError)
  })
})
