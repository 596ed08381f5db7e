import { toMessage } from '../../errors.js'
import type { AudioRepo, SpeechDue, SpeechTodo } from './audio.repo.js'

/** Examples read from the database at a time. */
const PAGE = 50

export interface SpeechQueue {
  /** Start working through every example without speech for its current text. */
  start(): void
  /** Something changed (an import, an edited text): look again once the current pass ends. */
  kick(): void
  /** Resolves when the queue has nothing left to do (or is stopped). */
  idle(): Promise<void>
  /** Finish the sentence in hand, then stop; resolves when it has. */
  stop(): Promise<void>
  readonly running: boolean
}

/**
 * Speech made ahead of time, one example after another (one synthesis at a time: one core).
 * The database is the queue: an example is due while its speech key does not match its current
 * text, so a restart resumes where the last run stopped and nothing is lost when it is killed.
 * A pass walks the due examples in id order; an example that fails is left for the next pass
 * (the next kick or start), and the request path synthesises it if a learner needs it first.
 */
export function createSpeechQueue(deps: {
  repo: Pick<AudioRepo, 'speechTodo' | 'countMissing'>
  /** Make (and store) one example's speech; errors are logged, not thrown. */
  make(todo: SpeechTodo): Promise<void>
  /** Which stored speech is made again (a neural voice configured, a new espeak-ng voice). */
  due: SpeechDue
  log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void }
}): SpeechQueue {
  let started = false
  let stopped = false
  let again = false
  let loop: Promise<void> | undefined
  let idleWaiters: (() => void)[] = []

  async function pass(): Promise<number> {
    let after: string | null = null
    let made = 0
    for (;;) {
      if (stopped) return made
      const page = await deps.repo.speechTodo(after, PAGE, deps.due)
      if (page.length === 0) return made
      for (const todo of page) {
        if (stopped) return made
        await deps.make(todo)
        made++
        after = todo.id
      }
    }
  }

  async function run(): Promise<void> {
    const t0 = Date.now()
    let made = 0
    let failed = false
    try {
      do {
        again = false
        made += await pass()
      } while (again && !stopped)
      if (made > 0) {
        const missing = await deps.repo.countMissing()
        deps.log.info(
          { examples: made, ms: Date.now() - t0, stillMissing: missing },
          'speech queue: examples spoken ahead of time',
        )
      }
    } catch (err) {
      failed = true
      if (!stopped) deps.log.error({ err: toMessage(err) }, 'speech queue stopped on an error')
    } finally {
      // A kick that arrived while the closing count was read found the loop still running and
      // only set `again`: run once more rather than lose it (an error waits for the next kick).
      if (again && !stopped && !failed) {
        loop = run()
      } else {
        loop = undefined
        const waiters = idleWaiters
        idleWaiters = []
        for (const w of waiters) w()
      }
    }
  }

  function ensureRunning(): void {
    if (!started || stopped) return
    if (loop) {
      again = true
      return
    }
    loop = run()
  }

  return {
    start() {
      started = true
      ensureRunning()
    },
    kick() {
      ensureRunning()
    },
    idle() {
      if (!loop) return Promise.resolve()
      return new Promise((ok) => idleWaiters.push(ok))
    },
    async stop() {
      stopped = true
      while (loop) await loop
    },
    get running() {
      return loop !== undefined
    },
  }
}
