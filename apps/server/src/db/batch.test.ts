import { describe, expect, it } from 'vitest'
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

describe('createBatchRunner', () => {
  it('runs a lone call alone, without waiting for a timer', async () => {
    const r = recorder()
    r.gate.resolve()
    expect(await r.runner.call('a')).toBe('one:a')
    expect(r.alone).toEqual(['a'])
    expect(r.batches).toEqual([])
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
})
