/**
 * A background pass run now and then (db/maintenance.ts, modules/exercises/attempt-retention.ts).
 * Passes asked for by hand and by the timer share one queue, so one runs at a time; a failure is
 * reported to `onError` (and rejects a pass asked for by hand); a timer tick is skipped while an
 * earlier pass still waits or runs, so a slow pass never piles up.
 */
export function createPeriodic<T>(
  pass: () => Promise<T>,
  opts: { everyMs: number; onError?: ((err: unknown) => void) | undefined },
) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  let waiting = 0
  let stopping = false

  /** A pass after the one under way, if any. */
  function queued(): Promise<T> {
    const next = running.then(pass)
    running = next.catch((err: unknown) => opts.onError?.(err))
    return next
  }
  function tick() {
    if (waiting > 0) return
    waiting++
    void queued()
      .catch(() => {}) // reported by queued()
      .finally(() => waiting--)
  }

  return {
    /** One pass, after the one under way. */
    pass: queued,
    /** Pass now and then every `everyMs`; idempotent. */
    start(): void {
      if (timer) return
      stopping = false
      tick()
      timer = setInterval(tick, opts.everyMs)
      timer.unref()
    },
    /** Stop passing; resolves once the pass under way, if any, has finished. */
    async stop(): Promise<void> {
      stopping = true
      clearInterval(timer)
      timer = undefined
      await running
    },
    /** True from `stop()` until the next `start()`: a long pass may end early. */
    get stopping(): boolean {
      return stopping
    },
  }
}
