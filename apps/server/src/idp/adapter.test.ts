import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../db/test-db.js'
import { createDrizzleAdapter, deleteExpiredPayloads } from './adapter.js'

let database: TestDatabase
let now = new Date('2025-03-01T12:00:00Z')
const clock = () => now

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.drop()
})

const adapterFor = (model: string) => new (createDrizzleAdapter(database.db, clock))(model)

describe('createDrizzleAdapter', () => {
  describe('upsert and find', () => {
    it('stores a payload and reads it back by id, per model', async () => {
      const codes = adapterFor('AuthorizationCode')
      await codes.upsert('c1', { accountId: 'a1', grantId: 'g1', nonce: 'n' }, 60)
      expect(await codes.find('c1')).toEqual({ accountId: 'a1', grantId: 'g1', nonce: 'n' })
      expect(await adapterFor('AccessToken').find('c1')).toBeUndefined()
      expect(await codes.find('missing')).toBeUndefined()
    })

    it('replaces the payload on a second upsert', async () => {
      const sessions = adapterFor('Session')
      await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60)
      await sessions.upsert('s1', { uid: 'u1', accountId: 'a2' }, 60)
      expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a2' })
    })

    it('treats a row past its expiry as absent, and keeps one without expiry', async () => {
      const tokens = adapterFor('RefreshToken')
      await tokens.upsert('short', { grantId: 'g2' }, 10)
      await tokens.upsert('forever', { grantId: 'g2' })
      now = new Date(now.getTime() + 11_000)
      expect(await tokens.find('short')).toBeUndefined()
      expect(await tokens.find('forever')).toEqual({ grantId: 'g2' })
    })
  })

  describe('findByUid and findByUserCode', () => {
    it('finds a session by its uid and a device code by its user code', async () => {
      await adapterFor('Session').upsert('s2', { uid: 'uid-2', accountId: 'a' }, 60)
      await adapterFor('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g3' }, 60)
      expect(await adapterFor('Session').findByUid('uid-2')).toEqual({
        uid: 'uid-2',
        accountId: 'a',
      })
      expect(await adapterFor('Session').findByUid('nope')).toBeUndefined()
      expect(await adapterFor('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({
        grantId: 'g3',
      })
    })
  })

  describe('consume', () => {
    it('marks a payload consumed with the time, in seconds', async () => {
      const codes = adapterFor('AuthorizationCode')
      await codes.upsert('c2', { grantId: 'g4' }, 60)
      await codes.consume('c2')
      expect(await codes.find('c2')).toEqual({
        grantId: 'g4',
        consumed: Math.floor(now.getTime() / 1000),
      })
    })
  })

  describe('destroy and revokeByGrantId', () => {
    it('destroys one payload', async () => {
      const interactions = adapterFor('Interaction')
      await interactions.upsert('i1', { uid: 'i1' }, 60)
      await interactions.destroy('i1')
      expect(await interactions.find('i1')).toBeUndefined()
    })

    it('removes every payload of a grant, across models, and nothing else', async () => {
      await adapterFor('AccessToken').upsert('at', { grantId: 'g5' }, 60)
      await adapterFor('RefreshToken').upsert('rt', { grantId: 'g5' }, 60)
      await adapterFor('AccessToken').upsert('other', { grantId: 'g6' }, 60)
      await adapterFor('AccessToken').revokeByGrantId('g5')
      expect(await adapterFor('AccessToken').find('at')).toBeUndefined()
      expect(await adapterFor('RefreshToken').find('rt')).toBeUndefined()
      expect(await adapterFor('AccessToken').find('other')).toEqual({ grantId: 'g6' })
    })
  })

  describe('deleteExpiredPayloads', () => {
    it('deletes only the rows whose time is up', async () => {
      const grants = adapterFor('Grant')
      await grants.upsert('old', { accountId: 'a' }, 5)
      await grants.upsert('young', { accountId: 'a' }, 3600)
      const later = new Date(now.getTime() + 10_000)
      expect(await deleteExpiredPayloads(database.db, later)).toBeGreaterThanOrEqual(1)
      now = later
      expect(await grants.find('old')).toBeUndefined()
      expect(await grants.find('young')).toEqual({ accountId: 'a' })
    })
  })
})
