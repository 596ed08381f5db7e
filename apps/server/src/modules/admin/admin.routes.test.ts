import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, ErrorBody } from '@che/core'
import { settings as settingsTable } from '../../db/schema.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { createKvRepo } from '../settings/settings.repo.js'
import { createCacheRegistry } from './cache-registry.js'

describe('admin routes', () => {
  let t: TestApp
  let admin: string
  let editor: string
  let learner: string
  beforeAll(async () => {
    t = await startTestApp({}, { contentDir: false })
    admin = (await t.userWithRole('admin')).token
    editor = (await t.userWithRole('editor')).token
    learner = (await t.userWithRole('learner')).token
  })
  afterAll(() => t.close())

  const reset = (token = admin) =>
    t.app.inject({ method: 'GET', url: '/api/admin/resetcaches', headers: bearer(token) })
  const inBeta = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/settings' })).json().inBeta

  describe('GET /api/admin/resetcaches', () => {
    it('clears the settings cache, so a change made elsewhere shows at once', async () => {
      expect(await inBeta()).toBe(false)
      // Another instance (or an operator) changes the database behind this server's cache.
      await createKvRepo(t.database.db, settingsTable).set('inBeta', 'true')
      expect(await inBeta()).toBe(false)
      const res = await reset()
      expect(res.statusCode).toBe(200)
      const body = api.adminResetCaches.response.parse(res.json())
      expect(body).toEqual({ ok: true, cleared: expect.arrayContaining(['settings']) })
      expect(await inBeta()).toBe(true)
      await createKvRepo(t.database.db, settingsTable).set('inBeta', 'false')
      await reset()
    })

    it('is for admins only', async () => {
      for (const token of [editor, learner]) {
        const res = await reset(token)
        expect(res.statusCode).toBe(403)
        expect(ErrorBody.parse(res.json()).code).toBe('FORBIDDEN')
      }
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/resetcaches' })).statusCode,
      ).toBe(401)
    })
  })

  describe('cache registry', () => {
    it('clears every registered cache in order and refuses a name twice', async () => {
      const calls: string[] = []
      const caches = createCacheRegistry()
      caches.register('a', () => void calls.push('a'))
      caches.register('b', async () => void calls.push('b'))
      expect(await caches.clearAll()).toEqual(['a', 'b'])
      expect(calls).toEqual(['a', 'b'])
      expect(() => caches.register('a', () => {})).toThrow(/already registered/)
    })
  })
})
