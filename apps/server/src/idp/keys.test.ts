import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../db/test-db.js'
import { loadCookieKeys, loadSigningKeys, toPublicJwks } from './keys.js'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.drop()
})

describe('provider keys', () => {
  it('generates an RS256 signing key once and returns the same one afterwards', async () => {
    const [first, second] = await Promise.all([
      loadSigningKeys(database.db),
      loadSigningKeys(database.db),
    ])
    expect(first.keys).toHaveLength(1)
    expect(first.keys[0]).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: expect.any(String),
      d: expect.any(String),
    })
    expect(second).toEqual(first)
    expect(await loadSigningKeys(database.db)).toEqual(first)
  })

  it('publishes only the public members', async () => {
    const pub = toPublicJwks(await loadSigningKeys(database.db))
    expect(Object.keys(pub.keys[0]!).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use'])
  })

  it('keeps the cookie keys stable', async () => {
    const keys = await loadCookieKeys(database.db)
    expect(keys).toEqual([expect.stringMatching(/^[\w-]{43}$/)])
    expect(await loadCookieKeys(database.db)).toEqual(keys)
  })
})
