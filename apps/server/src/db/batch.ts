/** One item's outcome in a batch: its value, or the error only that item met. */
export type BatchResult<O> = { value: O } | { error: unknown }

/**
 * Runs work for many callers as one batch (docs/decisions/045). A call made while no batch of
 * this runner is in flight starts one at once, alone: an idle server adds no delay. Calls made
 * while a batch is in flight queue up, and all of them go together as the next batch when it
 * ends. So under load the database sees one statement (or one transaction) per round trip
 * instead of one per request, and a lone request is never held back by a timer.
 *
 * `conflicts` names keys an item must not share with another item of the same batch (the same
 * learner's same card, the same attempt id): such an item waits, in arrival order, for a later
 * batch, so it sees what the earlier one committed, exactly as two requests one after the other.
 *
 * `run` answers every item of the batch, in order, with its result or its own error. When `run`
 * itself fails (the whole batch: a statement refused, a lost connection), each item of it is
 * retried alone through `single`, so one bad item costs the others nothing but time.
 */
export function createBatchRunner<I, O>(opts: {
  run(items: I[]): Promise<BatchResult<O>[]>
  single(item: I): Promise<O>
  conflicts?(item: I): string[]
  /** At most this many items per batch (the rest wait for the next one). */
  maxSize?: number
}) {
  interface Waiting {
    item: I
    resolve(value: O): void
    reject(err: unknown): void
  }
  let queue: Waiting[] = []
  let inFlight = false
  const maxSize = opts.maxSize ?? 500

  function take(): Waiting[] {
    if (!opts.conflicts) {
      const batch = queue.slice(0, maxSize)
      queue = queue.slice(maxSize)
      return batch
    }
    const batch: Waiting[] = []
    const rest: Waiting[] = []
    const used = new Set<string>()
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

  async function runAlone(batch: Waiting[]): Promise<void> {
    for (const w of batch) {
      try {
        w.resolve(await opts.single(w.item))
      } catch (err) {
        w.reject(err)
      }
    }
  }

  async function runBatch(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return runAlone(batch)
    let results: BatchResult<O>[]
    try {
      results = await opts.run(batch.map((w) => w.item))
    } catch {
      return runAlone(batch)
    }
    batch.forEach((w, i) => {
      const r = results[i]
      if (!r) w.reject(new Error('the batch gave no result for this item'))
      else if ('error' in r) w.reject(r.error)
      else w.resolve(r.value)
    })
  }

  function pump(): void {
    if (inFlight || queue.length === 0) return
    inFlight = true
    // One turn of the event loop first: PGlite runs a statement synchronously once it starts, so
    // without this yield no other request could ever join (each would find the runner idle).
    // setImmediate is not a timer: on an idle server it runs as soon as the current callbacks end.
    setImmediate(() => {
      void runBatch(take()).finally(() => {
        inFlight = false
        pump()
      })
    })
  }

  return {
    /** The item's result, from the batch it joins. */
    call(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        pump()
      })
    },
  }
}
