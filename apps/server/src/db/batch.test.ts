import { beforeEach, describe, expect, it } from 'vitest'
import { createBatchRunner } from './batch.js'

/** A promise and the function that settles it. */
function deferred<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/** A runner recording what ran alone and what ran together; `gate` holds the first lone call. */
function recorder(opts: { conflicts?: (item: string) => string[]; failRun?: boolean } = {}) {
  const alone: string[] = []
  const batches: string[][] = []
  const gate = deferred<void>()
  let first = true
  const runner = createBatchRunner<string, string>({
    async single(item) {
      alone.push(item)
      if (first) {
        first = false
        await gate.promise
      }
      if (item === 'bad') throw new Error(`refused ${item}`)
      return `one:${item}`
    },
    async run(items) {
      batches.push(items)
      if (opts.failRun) throw new Error('the batch failed')
      return items.map((item) =>
        item === 'bad' ? { error: new Error(`refused ${item}`) } : { value: `many:${item}` },
      )
    },
    ...(opts.conflicts ? { conflicts: opts.conflicts } : {}),
  })
  return { runner, alone, batches, gate }
}

/** Two turns of the event loop: whatever company earlier calls counted is forgotten. */
async function quiet() {
  for (let i = 0; i < 2; i++) await new Promise((done) => setImmediate(done))
}

describe('createBatchRunner', () => {
  beforeEach(quiet)

  it('runs a lone call alone and at once, without waiting a turn', async () => {
    const r = recorder()
    r.gate.resolve()
    const a = r.runner.call('a')
    expect(r.alone).toEqual(['a']) // started before call() returned
    expect(await a).toBe('one:a')
    expect(r.batches).toEqual([])
  })

  it('puts calls made in the same turn together, one turn after the first', async () => {
    const r = recorder()
    r.gate.resolve()
    expect(await r.runner.call('a')).toBe('one:a') // alone, at once
    // Still the same turn of the event loop: these have company, so they wait a turn, together.
    const rest = ['b', 'c'].map((x) => r.runner.call(x))
    expect(r.batches).toEqual([])
    expect(await Promise.all(rest)).toEqual(['many:b', 'many:c'])
    expect(r.batches).toEqual([['b', 'c']])
    expect(r.alone).toEqual(['a'])
  })

  it('puts the calls made while one is in flight together in the next batch', async () => {
    const r = recorder()
    const a = r.runner.call('a')
    // Let the lone call start, then queue three more while it is in flight.
    await new Promise((done) => setImmediate(done))
    expect(r.alone).toEqual(['a'])
    const rest = ['b', 'c', 'd'].map((x) => r.runner.call(x))
    r.gate.resolve()
    expect(await a).toBe('one:a')
    expect(await Promise.all(rest)).toEqual(['many:b', 'many:c', 'many:d'])
    expect(r.batches).toEqual([['b', 'c', 'd']])
  })

  it("gives company to what a batch's callers call next, so that goes together too", async () => {
    const first = recorder()
    const second = recorder()
    second.gate.resolve()
    const a = first.runner.call('a') // alone, held in flight
    const queued = ['b', 'c'].map((x) =>
      first.runner.call(x).then(() => second.runner.call(`${x}2`)),
    )
    first.gate.resolve()
    await a
    // b and c came out of one batch: their next calls wait a turn and go together, where a lone
    // caller's would run at once.
    expect(await Promise.all(queued)).toEqual(['many:b2', 'many:c2'])
    expect(first.batches).toEqual([['b', 'c']])
    expect(second.batches).toEqual([['b2', 'c2']])
    expect(second.alone).toEqual([])
  })

  it('puts items sharing a key in later batches, in the order they arrived', async () => {
    const r = recorder({ conflicts: (item) => [item.slice(0, 1)] })
    const first = r.runner.call('x0')
    await new Promise((done) => setImmediate(done))
    const queued = ['a1', 'a2', 'b1', 'a3', 'c1', 'b2'].map((x) => r.runner.call(x))
    r.gate.resolve()
    await first
    await Promise.all(queued)
    // a1, b1, c1 first; then a2 and b2; a3 last (it must follow a2, which was left behind).
    expect(r.batches[0]).toEqual(['a1', 'b1', 'c1'])
    expect(r.batches[1]).toEqual(['a2', 'b2'])
    expect(r.alone.slice(1)).toEqual(['a3'])
  })

  it("rejects only an item's own error, and retries every item alone when the batch fails", async () => {
    const r = recorder()
    const first = r.runner.call('x')
    await new Promise((done) => setImmediate(done))
    const mixed = ['ok1', 'bad', 'ok2'].map((x) => r.runner.call(x).catch((e: Error) => e.message))
    r.gate.resolve()
    await first
    expect(await Promise.all(mixed)).toEqual(['many:ok1', 'refused bad', 'many:ok2'])

    const failing = recorder({ failRun: true })
    const lone = failing.runner.call('x')
    await new Promise((done) => setImmediate(done))
    const retried = ['ok1', 'bad', 'ok2'].map((x) =>
      failing.runner.call(x).catch((e: Error) => e.message),
    )
    failing.gate.resolve()
    await lone
    expect(await Promise.all(retried)).toEqual(['one:ok1', 'refused bad', 'one:ok2'])
    expect(failing.batches).toEqual([['ok1', 'bad', 'ok2']])
    expect(failing.alone).toEqual(['x', 'ok1', 'bad', 'ok2'])
  })

  it('retries the items of a failed batch alone all at once, not one after the other', async () => {
    const started: string[] = []
    const held = deferred<void>()
    const runner = createBatchRunner<string, string>({
      async single(item) {
        started.push(item)
        // The first retried item hangs (a query waiting for an unreachable database).
        if (item === 'slow') await held.promise
        return `one:${item}`
      },
      run: () => Promise.reject(new Error('the batch failed')),
    })
    // Three calls in one turn: the first alone at once, the other two together a turn later.
    const lone = runner.call('lone')
    const pair = ['slow', 'quick'].map((x) => runner.call(x))
    expect(await lone).toBe('one:lone')
    // The batch failed; 'quick' is answered while 'slow' still hangs.
    expect(await pair[1]).toBe('one:quick')
    expect(started).toEqual(['lone', 'slow', 'quick'])
    held.resolve()
    expect(await pair[0]).toBe('one:slow')
  })

  it('with inFlight 2, starts the next batch while one runs, but not with a key still in flight', async () => {
    const held = deferred<void>()
    const batches: string[][] = []
    const alone: string[] = []
    const runner = createBatchRunner<string, string>({
      inFlight: 2,
      conflicts: (item) => [item.slice(0, 1)],
      async single(item) {
        alone.push(item)
        if (item === 'a0') await held.promise // the first batch stays in flight
        return `one:${item}`
      },
      async run(items) {
        batches.push(items)
        return items.map((item) => ({ value: `many:${item}` }))
      },
    })
    const first = runner.call('a0')
    await new Promise((done) => setImmediate(done))
    // While a0 is written: b1 and c1 go in a second batch at once; a1 shares a0's key and waits.
    const queued = ['b1', 'a1', 'c1'].map((x) => runner.call(x))
    expect(await queued[0]).toBe('many:b1')
    expect(await queued[2]).toBe('many:c1')
    expect(batches).toEqual([['b1', 'c1']])
    expect(alone).toEqual(['a0'])
    held.resolve()
    expect(await first).toBe('one:a0')
    expect(await queued[1]).toBe('one:a1')
    expect(alone).toEqual(['a0', 'a1'])
  })

  it('with the default inFlight of 1, waits for the running batch whatever the keys', async () => {
    const held = deferred<void>()
    const order: string[] = []
    const runner = createBatchRunner<string, string>({
      async single(item) {
        order.push(`start ${item}`)
        if (item === 'a0') await held.promise
        order.push(`end ${item}`)
        return item
      },
      async run(items) {
        order.push(`batch ${items.join(',')}`)
        return items.map((value) => ({ value }))
      },
    })
    const first = runner.call('a0')
    await new Promise((done) => setImmediate(done))
    const queued = ['b1', 'c1'].map((x) => runner.call(x))
    for (let i = 0; i < 3; i++) await new Promise((done) => setImmediate(done))
    expect(order).toEqual(['start a0'])
    held.resolve()
    await Promise.all([first, ...queued])
    expect(order).toEqual(['start a0', 'end a0', 'batch b1,c1'])
  })
})
