import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig, type Config } from '../config.js'
import { createTestDatabase, type TestDatabase } from '../db/test-db.js'
import { createAccountsRepo } from './accounts.js'
import { freePort } from './test-client.js'
import { idpFlows } from './test-flows.js'

const PASSWORD = 'mate amargo con bizcochitos'
const ATTEMPTS = 50

let config: Config
let database: TestDatabase
let app: FastifyInstance
let flows: ReturnType<typeof idpFlows>

beforeAll(async () => {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent',
    // 100 attempts on one address would otherwise hit the limit of 10 a minute.
    SIGNIN_LIMIT_PER_MINUTE: '100000',
  })
  database = await createTestDatabase()
  app = await buildApp(config, { database, contentDir: false })
  await app.listen({ host: '127.0.0.1', port })
  flows = idpFlows(origin, config)
})
afterAll(async () => {
  await app?.close()
  await database?.drop()
})

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2
}

describe('sign-in timing (no account enumeration)', () => {
  it('takes as long for an unknown address as for a wrong password: medians of 50 within 20 %', async () => {
    const email = 'known@example.com'
    await createAccountsRepo(database.db).create({ email, name: 'Known', password: PASSWORD })
    const flow = await flows.openInteraction()
    const attempt = async (address: string) => {
      const started = performance.now()
      const res = await flow.browser.request(`${flow.interaction}/login`, {
        form: { email: address, password: `wrong ${randomBytes(4).toString('hex')}` },
      })
      await res.text()
      expect(res.status).toBe(401)
      return performance.now() - started
    }
    // Warm up (the dummy hash is made on first use), then interleave so load drifts hit both.
    await attempt(email)
    await attempt('warm-up@example.com')
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < ATTEMPTS; i++) {
      known.push(await attempt(email))
      unknown.push(await attempt(`nobody-${i}@example.com`))
    }
    const k = median(known)
    const u = median(unknown)
    console.log(
      `sign-in medians over ${ATTEMPTS}: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`,
    )
    expect(Math.abs(k - u) / Math.max(k, u)).toBeLessThan(0.2)
  }, 120_000)
})
