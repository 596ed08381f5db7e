/** One item's outcome in a batch: its value, or the error only that item met. */
export type BatchResult<O> = { value: O } | { error: unknown }

/**
 * Set while the callers of a batch of two or more go on (until the end of this turn of the event
 * loop): whatever they call next has company, in every runner of the process.
 */
let crowdedTurn = false

function markCrowded(): void {
  if (crowdedTurn) return
  crowdedTurn = true
  setImmediate(() => {
    crowdedTurn = false
  })
}

/**
 * Tells whether callers of one kind are arriving together, counted per turn of the event loop
 * (docs/decisions/045, session 6). On PGlite a statement runs synchronously once it starts, so a
 * request that runs its statement at once finishes it before the next request is even parsed:
 * "another call is in flight" is never seen across requests, and the signs of company are that
 * several calls came in the same turn, or that the caller comes out of a batch. A call has company
 * when another of its kind came earlier in this turn, more than one came in the previous turn (the
 * calls keep coming together), or a batch of two or more was answered in this turn (its callers go
 * on together to their next step). A lone request makes at most one call of a kind per turn and is
 * never in a batch of two, so it never has company.
 */
export function createTurnGauge() {
  let thisTurn = 0
  let lastTurn = 0
  let ticking = false
  function tick(): void {
    lastTurn = thisTurn
    thisTurn = 0
    // Keeps counting while calls come; after a turn with none it stops (an idle server runs nothing).
    ticking = lastTurn > 0
    if (ticking) setImmediate(tick)
  }
  return {
    /** Counts one call; true when it has company (it should wait a turn for the others). */
    arrive(): boolean {
      const company = crowdedTurn || thisTurn > 0 || lastTurn > 1
      thisTurn++
      if (!ticking) {
        ticking = true
        setImmediate(tick)
      }
      return company
    },
  }
}

/**
 * Runs work for many callers as one batch (docs/decisions/045). A call with no company (nothing
 * of this runner queued or in flight, and no other call of its kind in this turn or several in
 * the last: `createTurnGauge`) runs at once, alone: a lone request waits for nothing. A call with
 * company waits one turn of the event loop (`setImmediate`, not a timer), and every call made
 * meanwhile, or while a batch is in flight, goes together in the next batch. So under load the
 * database sees one statement (or one transaction) per round trip instead of one per request.
 *
 * `conflicts` names keys an item must not share with another item of the same batch (the same
 * learner's same card, the same attempt id): such an item waits, in arrival order, for a later
 * batch, so it sees what the earlier one committed, exactly as two requests one after the other.
 *
 * `run` answers every item of the batch, in order, with its result or its own error. When `run`
 * itself fails (the whole batch: a statement refused, a lost connection), each item of it is
 * retried alone through `single` (all at once), so one bad item costs the others nothing but time.
 */
export function createBatchRunner<I, O>(opts: {
  run(items: I[]): Promise<BatchResult<O>[]>
  single(item: I): Promise<O>
  conflicts?(item: I): string[]
  /** At most this many items per batch (the rest wait for the next one). */
  maxSize?: number
  /**
   * At most this many batches running at once (default 1). With more, calls that arrive while a
   * batch runs go together in the next one without waiting for it; an item whose conflict key is
   * in a running batch still waits for that batch to end.
   */
  inFlight?: number
  /**
   * Which caller an item comes from, when one request may call the runner more than once in a
   * turn (the version reader: the users cache, then the library). Company is counted per kind, so
   * those calls of a lone request do not count as company for each other; batches still mix kinds.
   */
  kindOf?(item: I): string
}) {
  interface Waiting {
    item: I
    resolve(value: O): void
    reject(err: unknown): void
  }
  let queue: Waiting[] = []
  // A flush is due on the next turn: a new call joins that batch.
  let scheduled = false
  // Batches running now, and the conflict keys of their items.
  let running = 0
  const maxRunning = Math.max(1, opts.inFlight ?? 1)
  const keysInFlight = new Map<string, number>()
  const gauges = new Map<string, ReturnType<typeof createTurnGauge>>()
  function gauge(item: I): ReturnType<typeof createTurnGauge> {
    const kind = opts.kindOf?.(item) ?? ''
    let g = gauges.get(kind)
    if (!g) {
      g = createTurnGauge()
      gauges.set(kind, g)
    }
    return g
  }
  const maxSize = opts.maxSize ?? 500

  function take(): Waiting[] {
    if (!opts.conflicts) {
      const batch = queue.slice(0, maxSize)
      queue = queue.slice(maxSize)
      return batch
    }
    const batch: Waiting[] = []
    const rest: Waiting[] = []
    const used = new Set<string>(keysInFlight.keys())
    for (const w of queue) {
      const keys = opts.conflicts(w.item)
      // An item stays behind when it clashes with one already taken OR one already left behind,
      // so items sharing a key always run in the order they arrived.
      if (batch.length >= maxSize || keys.some((k) => used.has(k))) rest.push(w)
      else batch.push(w)
      for (const k of keys) used.add(k)
    }
    queue = rest
    return batch
  }

  // The items of one batch share no conflict key, so they are retried alone all at once: with
  // the database unreachable, each waits its own timeout side by side, not one after the other.
  async function runAlone(batch: Waiting[]): Promise<void> {
    await Promise.all(
      batch.map(async (w) => {
        try {
          w.resolve(await opts.single(w.item))
        } catch (err) {
          w.reject(err)
        }
      }),
    )
  }

  async function runBatch(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return runAlone(batch)
    let results: BatchResult<O>[]
    try {
      results = await opts.run(batch.map((w) => w.item))
    } catch {
      return runAlone(batch)
    }
    markCrowded()
    batch.forEach((w, i) => {
      const r = results[i]
      if (!r) w.reject(new Error('the batch gave no result for this item'))
      else if ('error' in r) w.reject(r.error)
      else w.resolve(r.value)
    })
  }

  function flush(): void {
    scheduled = false
    const batch = take()
    // Everything queued waits on a key of a running batch: its end flushes again.
    if (batch.length === 0) return
    const keys = opts.conflicts ? batch.flatMap((w) => opts.conflicts!(w.item)) : []
    for (const k of keys) keysInFlight.set(k, (keysInFlight.get(k) ?? 0) + 1)
    running++
    void runBatch(batch).finally(() => {
      running--
      for (const k of keys) {
        const n = keysInFlight.get(k)! - 1
        if (n === 0) keysInFlight.delete(k)
        else keysInFlight.set(k, n)
      }
      // Calls made while that batch ran have company: they go together one turn from now.
      if (queue.length > 0) later()
    })
  }

  function later(): void {
    if (scheduled || running >= maxRunning) return
    scheduled = true
    setImmediate(flush)
  }

  return {
    /** The item's result, from the batch it joins. */
    call(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        const company = gauge(item).arrive()
        queue.push({ item, resolve, reject })
        if (scheduled || running >= maxRunning) return
        if (company || running > 0) return later()
        flush()
      })
    },
  }
}
