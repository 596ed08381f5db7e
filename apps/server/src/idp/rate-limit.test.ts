import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit.js'

describe('createRateLimiter', () => {
  it('allows max hits per key in a window, then says how long to wait, then resets', () => {
    let now = 1_000_000
    const limiter = createRateLimiter({ max: 2, windowMs: 60_000, clock: () => now })
    expect(limiter.hit(['ip:a', 'email:x'])).toBeUndefined()
    expect(limiter.hit(['ip:a', 'email:x'])).toBeUndefined()
    now += 15_000
    expect(limiter.hit(['ip:a', 'email:x'])).toBe(45)
    expect(limiter.hit(['ip:b', 'email:x'])).toBe(45)
    expect(limiter.hit(['ip:b', 'email:y'])).toBeUndefined()
    now += 45_000
    expect(limiter.hit(['ip:a', 'email:x'])).toBeUndefined()
  })
})
