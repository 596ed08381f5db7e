import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'
import { userIssuer } from '../../plugins/auth.js'

describe('users routes', () => {
  let t: TestApp
  beforeEach(async () => {
    t = await startTestApp({ ADMIN_EMAILS: 'boss@example.com' })
  })
  afterEach(() => t.close())

  const sync = (token: string, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/sync',
      headers: bearer(token),
      payload: payload as object,
    })

  describe('POST /api/users/sync', () => {
    it('makes the very first account of an install an admin, and later ones learners', async () => {
      const first = await sync(
        await t.tokenFor(randomUUID(), { email: 'first@example.com', name: 'Primera Persona' }),
      )
      expect(first.statusCode).toBe(200)
      expect(first.json()).toEqual({
        id: expect.any(String),
        name: 'Primera Persona',
        email: 'first@example.com',
        picture: null,
        role: 'admin',
        editor: true,
        preferences: { filter: { usage: '', tone: '' }, getNextExample: '', offlineExercises: 20 },
      })
      const second = await sync(
        await t.tokenFor(randomUUID(), { email: 'second@example.com', name: 'Segundo' }),
      )
      expect(second.json()).toMatchObject({ role: 'learner', editor: false })
    })

    it('grants admin to a verified address listed in ADMIN_EMAILS', async () => {
      await sync(await t.tokenFor(randomUUID(), { email: 'first@example.com' }))
      const boss = await sync(
        await t.tokenFor(randomUUID(), { email: 'Boss@Example.com', email_verified: true }),
      )
      expect(boss.json()).toMatchObject({ role: 'admin', email: 'boss@example.com' })
      const unverified = await sync(
        await t.tokenFor(randomUUID(), { email: 'boss@example.com', email_verified: false }),
      )
      expect(unverified.json()).toMatchObject({ role: 'learner' })
    })

    it('stores the person claims without the technical ones, and is idempotent', async () => {
      const subject = randomUUID()
      const token = await t.tokenFor(subject, {
        email: 'x@example.com',
        name: 'Xime',
        picture: 'https://img.example/x.png',
        locale: 'es-AR',
      })
      await sync(token)
      const again = await sync(token)
      expect(again.json()).toMatchObject({ name: 'Xime', picture: 'https://img.example/x.png' })
      const row = await (await import('./users.repo.js'))
        .createUsersRepo(t.database.db)
        .findBySubject(userIssuer(t.config.oidc), subject)
      expect(row?.claims).toEqual({
        email: 'x@example.com',
        name: 'Xime',
        picture: 'https://img.example/x.png',
        locale: 'es-AR',
      })
    })

    it('writes nothing when a sync changes nothing, so no instance drops its cached accounts', async () => {
      const { sql } = await import('drizzle-orm')
      const usersVersion = async () =>
        (
          (await t.database.db.execute(
            sql`select version from cache_versions where topic = 'users'`,
          )) as unknown as { rows: { version: number | string }[] }
        ).rows.map((r) => Number(r.version))[0]
      const subject = randomUUID()
      const claims = { email: 'same@example.com', name: 'Sol', locale: 'es-AR' }
      const first = await sync(await t.tokenFor(subject, claims))
      const before = await usersVersion()

      // A later token (a new sign-in, a reload) with the same person claims.
      const again = await sync(await t.tokenFor(subject, claims))
      expect(again.json()).toEqual(first.json())
      expect(await usersVersion()).toBe(before)

      const renamed = await sync(await t.tokenFor(subject, { ...claims, name: 'Sol Paz' }))
      expect(renamed.json()).toMatchObject({ id: first.json().id, name: 'Sol Paz' })
      expect(await usersVersion()).toBeGreaterThan(before!)
    })

    it('never takes the e-mail from the request body', async () => {
      await sync(await t.tokenFor(randomUUID(), { email: 'first@example.com' }))
      const res = await sync(await t.tokenFor(randomUUID(), { name: 'Sneaky' }), {
        authUser: { email: 'boss@example.com' },
      })
      expect(res.json()).toMatchObject({ email: '', role: 'learner' })
    })

    it('needs a token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/sync', payload: {} })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: expect.any(String) })
    })
  })

  describe('POST /api/users/preferences', () => {
    it('merges a filter change into the stored filter', async () => {
      const { token } = await t.userWithRole('learner')
      const post = (preferences: object) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/preferences',
          headers: bearer(token),
          payload: { preferences },
        })
      expect((await post({ filter: { tone: 'Street' } })).json().preferences.filter).toEqual({
        usage: '',
        tone: 'Street',
      })
      expect((await post({ filter: { usage: 'common' } })).json().preferences.filter).toEqual({
        usage: 'common',
        tone: 'Street',
      })
    })

    it('refuses an unknown tone with VALIDATION_FAILED and changes nothing', async () => {
      const { token } = await t.userWithRole('learner')
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/preferences',
        headers: bearer(token),
        payload: { preferences: { filter: { tone: 'Posh' } } },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ field: 'preferences.filter.tone' })],
      })
      const sync = await t.app.inject({
        method: 'POST',
        url: '/api/users/sync',
        headers: bearer(token),
        payload: {},
      })
      expect(sync.json().preferences.filter.tone).toBe('')
    })

    it('lets only admins set the next example', async () => {
      const learner = await t.userWithRole('learner')
      const admin = await t.userWithRole('admin')
      const post = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/preferences',
          headers: bearer(token),
          payload: { preferences: { getNextExample: 'abc' } },
        })
      expect((await post(learner.token)).statusCode).toBe(403)
      expect((await post(admin.token)).json().preferences.getNextExample).toBe('abc')
    })
  })
})
