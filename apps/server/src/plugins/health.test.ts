import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/support.js'

describe('/healthz and /readyz', { timeout: 90_000 }, () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('healthz says the process is alive; readyz checks database, migrations and storage', async () => {
    t = await startTestApp({}, { contentDir: false })
    const live = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(live.statusCode).toBe(200)
    expect(live.headers['cache-control']).toBe('no-store')
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({
      ready: true,
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    })
  })

  it('readyz answers 503 once the instance drains for shutdown, while healthz stays 200', async () => {
    t = await startTestApp({}, { contentDir: false })
    t.app.health.drain()
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(503)
    expect(ready.headers['retry-after']).toBe('5')
    expect(ready.json().checks.shutdown).toMatch(/draining/)
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  })

  // On PostgreSQL the same is proved by stopping a real server (db/db-faults.test.ts).
  it.skipIf(process.env.CHE_TEST_DB === 'postgres')(
    'readyz answers 503 naming the database when it cannot be reached',
    async () => {
      t = await startTestApp({}, { contentDir: false })
      const database = t.database
      await database.close()
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json().checks.database).toMatch(/^unreachable/)
      // The in-memory PGlite is closed already: close the app only.
      await t.app.close()
      t = undefined
    },
  )
})
