import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Database } from './client.js'

/** The PostgreSQL channel instances tell each other about changes on. */
const CHANNEL = 'che_changes'
const RECONNECT_MIN_MS = 250
const RECONNECT_MAX_MS = 5_000

/** What changed: each instance drops the matching in-process cache. */
export type ChangeTopic = 'settings' | 'caches'

export interface ChangeBus {
  /** Tell every other instance on this database that `topic` changed. */
  publish(topic: ChangeTopic): Promise<void>
  /** Called for every change another instance publishes. */
  subscribe(handler: (topic: ChangeTopic) => void | Promise<void>): void
  /**
   * Called when the listener connection comes back after a loss: notifications sent meanwhile
   * are gone, so the instance drops all its caches.
   */
  onResync(handler: () => void | Promise<void>): void
  close(): Promise<void>
}

interface Log {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/**
 * Instances on one PostgreSQL database hear each other's changes through LISTEN/NOTIFY on a
 * dedicated connection that reconnects by itself. On PGlite there is only ever one instance:
 * publish does nothing.
 */
export function createChangeBus(database: Database, log: Log): ChangeBus {
  const handlers: ((topic: ChangeTopic) => void | Promise<void>)[] = []
  const resyncs: (() => void | Promise<void>)[] = []
  if (database.kind !== 'postgres' || !database.url) {
    return {
      publish: async () => {},
      subscribe: (h) => void handlers.push(h),
      onResync: (h) => void resyncs.push(h),
      close: async () => {},
    }
  }
  const url = database.url
  const self = randomUUID()
  let closed = false
  let client: pg.Client | undefined
  let delay = RECONNECT_MIN_MS
  let everConnected = false
  let timer: NodeJS.Timeout | undefined

  const run = (fns: (() => void | Promise<void>)[]) => {
    for (const fn of fns) {
      void Promise.resolve()
        .then(fn)
        .catch((err: Error) => log.warn({ err: err.message }, 'change handler failed'))
    }
  }

  async function connect(): Promise<void> {
    if (closed) return
    const c = new pg.Client({ connectionString: url, keepAlive: true })
    const lost = (err?: Error) => {
      if (client !== c) return
      client = undefined
      c.removeAllListeners('notification')
      void c.end().catch(() => {})
      if (closed) return
      log.warn({ err: err?.message ?? 'connection ended' }, 'change listener lost; reconnecting')
      schedule()
    }
    c.on('error', lost)
    c.on('end', () => lost())
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return
      let parsed: { from?: string; topic?: ChangeTopic }
      try {
        parsed = JSON.parse(msg.payload) as typeof parsed
      } catch {
        return
      }
      if (parsed.from === self || !parsed.topic) return
      const topic = parsed.topic
      run(handlers.map((h) => () => h(topic)))
    })
    try {
      client = c
      await c.connect()
      await c.query(`listen ${CHANNEL}`)
      delay = RECONNECT_MIN_MS
      if (everConnected) run(resyncs)
      everConnected = true
    } catch (err) {
      if (client === c) lost(err as Error)
    }
  }

  function schedule() {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, delay)
    timer.unref()
    delay = Math.min(delay * 2, RECONNECT_MAX_MS)
  }

  const ready = connect()

  return {
    async publish(topic) {
      const payload = JSON.stringify({ from: self, topic })
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`)
    },
    subscribe: (h) => void handlers.push(h),
    onResync: (h) => void resyncs.push(h),
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await ready
      const c = client
      client = undefined
      await c?.end().catch(() => {})
    },
  }
}
