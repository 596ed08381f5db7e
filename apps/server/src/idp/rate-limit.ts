/**
 * A fixed-window counter per key, in memory. Enough for sign-in attempts on one instance; with
 * several instances each one counts on its own, which only makes the limit looser.
 */
export function createRateLimiter(opts: { max: number; windowMs: number; clock?: () => number }) {
  const clock = opts.clock ?? Date.now
  const windows = new Map<string, { start: number; count: number }>()

  function sweep(now: number) {
    for (const [key, w] of windows) if (now - w.start >= opts.windowMs) windows.delete(key)
  }

  return {
    /**
     * Counts one attempt for each key. Returns the seconds to wait when any key is over its
     * limit (the attempt is then not counted), else undefined.
     */
    hit(keys: string[]): number | undefined {
      const now = clock()
      if (windows.size > 10_000) sweep(now)
      let wait = 0
      const current = keys.map((key) => {
        let w = windows.get(key)
        if (!w || now - w.start >= opts.windowMs) {
          w = { start: now, count: 0 }
          windows.set(key, w)
        }
        if (w.count >= opts.max) wait = Math.max(wait, w.start + opts.windowMs - now)
        return w
      })
      if (wait > 0) return Math.ceil(wait / 1000)
      for (const w of current) w.count += 1
      return undefined
    },
  }
}
