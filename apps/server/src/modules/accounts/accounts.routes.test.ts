import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountExport, AdminUser } from '@che/core'
import { oidcPayloads, secrets } from '../../db/schema.js'
import { createAccountsRepo } from '../../idp/accounts.js'
import { perfect, seedExample, fakeSynthesizer } from '../exercises/exercises.fixtures.js'
import { createUsersRepo } from '../users/users.repo.js'
import { bearer, startTestApp, type TestApp } from '../../test/support.js'

const PASSWORD = 'mate amargo con bizcochitos'
const NEW_PASSWORD = 'colectivo lleno a las siete'

describe('accounts', () => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await startTestApp(
      { ADMIN_EMAILS: 'jefa@test.example' },
      { contentDir: false, synthesizer: fakeSynthesizer() },
    )
    admin = (await t.userWithRole('admin')).token
  })
  afterAll(() => t.close())

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const post = (url: string, token: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload })
  const sync = (token: string) => post('/api/users/sync', token)

  /** An embedded account (e-mail + password) that has signed in once, with a session row. */
  async function embeddedUser() {
    const email = `${randomUUID().slice(0, 8)}@test.example`
    const account = await createAccountsRepo(t.database.db).create({
      email,
      name: 'Vera Paz',
      password: PASSWORD,
    })
    await t.database.db.insert(oidcPayloads).values({
      model: 'Session',
      id: randomUUID(),
      payload: { accountId: account.id, kind: 'Session' },
    })
    const token = await t.tokenFor(account.id, { email, name: 'Vera Paz' })
    const profile = await sync(token)
    expect(profile.statusCode).toBe(200)
    return { account, email, token, id: profile.json().id as string }
  }
  const sessionsOf = async (accountId: string) =>
    (await t.database.db.select().from(oidcPayloads)).filter(
      (row) => row.payload.accountId === accountId,
    ).length

  describe('admin: disable, enable, delete', () => {
    it('lists every account for admins only', async () => {
      const { user } = await t.userWithRole('learner', 'Ana Lista')
      const res = await get('/api/admin/users', admin)
      expect(res.statusCode).toBe(200)
      const list = AdminUser.array().parse(res.json())
      expect(list).toContainEqual(
        expect.objectContaining({ id: user.id, name: 'Ana Lista', disabled: false }),
      )
      const learner = (await t.userWithRole('learner')).token
      expect((await get('/api/admin/users', learner)).statusCode).toBe(403)
    })

    it('refuses a disabled user on the next call with 403 ACCOUNT_DISABLED, and ends the sessions', async () => {
      const u = await embeddedUser()
      expect(await sessionsOf(u.account.id)).toBe(1)
      const res = await post(`/api/admin/users/${u.id}/disable`, admin)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ id: u.id, disabled: true })
      expect(await sessionsOf(u.account.id)).toBe(0)

      for (const call of [sync(u.token), get('/api/exercises/stats', u.token)]) {
        const refused = await call
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' })
      }
      // Public calls still answer, as to anyone signed out.
      expect((await get('/api/settings', u.token)).statusCode).toBe(200)

      const enabled = await post(`/api/admin/users/${u.id}/enable`, admin)
      expect(enabled.json()).toMatchObject({ disabled: false })
      expect((await sync(u.token)).statusCode).toBe(200)
    })

    it('deletes a user with their data; the token is refused and sync never re-creates them', async () => {
      const u = await embeddedUser()
      const ex = await seedExample(t, admin)
      const answer = await post('/api/exercises/evaluate', u.token, {
        exampleId: ex.exampleId,
        ...perfect(ex),
      })
      expect(answer.statusCode).toBe(200)
      const res = await post(`/api/admin/users/${u.id}/delete`, admin)
      expect(res.statusCode).toBe(200)

      const again = await sync(u.token)
      expect(again.statusCode).toBe(401)
      expect(again.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
      expect((await get('/api/exercises/stats', u.token)).statusCode).toBe(401)
      expect(await createUsersRepo(t.database.db).findByEmail(u.email)).toEqual([])
      expect(await createAccountsRepo(t.database.db).findByEmail(u.email)).toBeUndefined()
      expect(await sessionsOf(u.account.id)).toBe(0)
      const list = AdminUser.array().parse((await get('/api/admin/users', admin)).json())
      expect(list.map((x) => x.id)).not.toContain(u.id)
    })

    it('accepts a fresh sign-in of the same external subject after the deletion, as a new user', async () => {
      const { user, token } = await t.userWithRole('learner')
      expect((await post(`/api/admin/users/${user.id}/delete`, admin)).statusCode).toBe(200)
      expect((await sync(token)).statusCode).toBe(401)
      const later = await t.tokenFor(user.subject, {
        iat: Math.floor(Date.now() / 1000) + 5,
        email: user.email,
      })
      const fresh = await sync(later)
      expect(fresh.statusCode).toBe(200)
      expect(fresh.json().id).not.toBe(user.id)
      expect(fresh.json().role).toBe('learner')
    })

    it('will not disable or delete the admin’s own account, and answers 404 for no one', async () => {
      const me = await t.userWithRole('admin')
      for (const action of ['disable', 'delete']) {
        const res = await post(`/api/admin/users/${me.user.id}/${action}`, me.token)
        expect(res.statusCode).toBe(409)
        expect(res.json()).toMatchObject({ code: 'CONFLICT' })
      }
      const nobody = await post(`/api/admin/users/${randomUUID()}/disable`, admin)
      expect(nobody.statusCode).toBe(404)
    })
  })

  describe('admin: roles', () => {
    const setRole = (id: string, role: string, token = admin) =>
      post(`/api/admin/users/${id}/role`, token, { role })
    const roleOf = async (id: string) => (await createUsersRepo(t.database.db).findById(id))?.role

    it('makes an account an editor, an admin, a learner again, counting from its next call', async () => {
      const u = await t.userWithRole('learner')
      const asEditor = () => get('/api/idioms', u.token)
      const asAdmin = () => get('/api/admin/users', u.token)
      expect((await asEditor()).statusCode).toBe(403)

      const editor = await setRole(u.user.id, 'editor')
      expect(editor.statusCode).toBe(200)
      expect(AdminUser.parse(editor.json())).toMatchObject({ id: u.user.id, role: 'editor' })
      expect((await asEditor()).statusCode).toBe(200)
      expect((await asAdmin()).statusCode).toBe(403)

      expect((await setRole(u.user.id, 'admin')).json()).toMatchObject({ role: 'admin' })
      expect((await asAdmin()).statusCode).toBe(200)

      expect((await setRole(u.user.id, 'learner')).json()).toMatchObject({ role: 'learner' })
      expect((await asEditor()).statusCode).toBe(403)
    })

    it('is for admins only, and a role outside learner, editor, admin changes nothing', async () => {
      const u = await t.userWithRole('learner')
      const editor = await t.userWithRole('editor')
      for (const token of [u.token, editor.token]) {
        const refused = await setRole(u.user.id, 'admin', token)
        expect(refused.statusCode).toBe(403)
      }
      const bad = await setRole(u.user.id, 'owner')
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
      expect(await roleOf(u.user.id)).toBe('learner')
    })

    it('will not change the admin’s own role, answers 404 for no one, and keeps ADMIN_EMAILS admins', async () => {
      const me = await t.userWithRole('admin')
      const own = await setRole(me.user.id, 'learner', me.token)
      expect(own.statusCode).toBe(409)
      expect(own.json()).toMatchObject({ code: 'CONFLICT' })
      expect(await roleOf(me.user.id)).toBe('admin')

      expect((await setRole(randomUUID(), 'editor')).statusCode).toBe(404)

      const boss = await createUsersRepo(t.database.db).upsert({
        issuer: t.config.oidc.issuer,
        subject: randomUUID(),
        email: 'jefa@test.example',
        name: 'Jefa',
        picture: null,
        claims: {},
        admin: true,
      })
      for (const role of ['editor', 'learner']) {
        const kept = await setRole(boss.id, role)
        expect(kept.statusCode).toBe(409)
        expect(kept.json().message).toMatch(/ADMIN_EMAILS/)
      }
      expect(await roleOf(boss.id)).toBe('admin')
    })

    it('leaves one admin when two admins take each other’s admin role at once', async () => {
      const a = await t.userWithRole('admin')
      const b = await t.userWithRole('admin')
      const [ab, ba] = await Promise.all([
        setRole(b.user.id, 'learner', a.token),
        setRole(a.user.id, 'learner', b.token),
      ])
      expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 403])
      const roles = [await roleOf(a.user.id), await roleOf(b.user.id)]
      expect(roles.filter((role) => role === 'admin')).toHaveLength(1)
    })
  })

  describe('self-service', () => {
    it('says what the account page may offer', async () => {
      const u = await embeddedUser()
      expect((await get('/api/account', u.token)).json()).toEqual({
        passwordManagedHere: true,
        nameManagedHere: true,
        adminSetupPending: false,
      })
      const external = await t.userWithRole('learner')
      expect((await get('/api/account', external.token)).json()).toMatchObject({
        passwordManagedHere: false,
        nameManagedHere: false,
      })
    })

    it('changes the display name of an embedded account, and a sync with an older token keeps it', async () => {
      const u = await embeddedUser()
      const res = await post('/api/account/name', u.token, { name: '  Vera   Paz Ortiz ' })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ id: u.id, name: 'Vera Paz Ortiz', email: u.email })
      // The provider's account changed too: the next tokens carry the new name.
      expect((await createAccountsRepo(t.database.db).findById(u.account.id))?.name).toBe(
        'Vera Paz Ortiz',
      )
      // The token still says 'Vera Paz'; syncing with it does not put the old name back.
      const again = await sync(u.token)
      expect(again.json()).toMatchObject({ name: 'Vera Paz Ortiz' })
      const listed = AdminUser.array().parse((await get('/api/admin/users', admin)).json())
      expect(listed).toContainEqual(expect.objectContaining({ id: u.id, name: 'Vera Paz Ortiz' }))
    })

    it('refuses a blank or too long name with VALIDATION_FAILED and changes nothing', async () => {
      const u = await embeddedUser()
      for (const name of ['   ', 'x'.repeat(101)]) {
        const res = await post('/api/account/name', u.token, { name })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: [expect.objectContaining({ field: 'name' })],
        })
      }
      expect((await sync(u.token)).json()).toMatchObject({ name: 'Vera Paz' })
    })

    it('answers 409 when the name comes from an external provider, and keeps the name', async () => {
      const external = await t.userWithRole('learner', 'Ana Externa')
      const res = await post('/api/account/name', external.token, { name: 'Someone Else' })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ code: 'CONFLICT' })
      expect((await sync(external.token)).json()).toMatchObject({ name: 'Ana Externa' })
    })

    it('changes the password only with the current one, and ends the sessions', async () => {
      const u = await embeddedUser()
      const accounts = createAccountsRepo(t.database.db)
      const wrong = await post('/api/account/password', u.token, {
        currentPassword: 'not my password',
        newPassword: NEW_PASSWORD,
      })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'currentPassword', message: expect.any(String) }],
      })
      const weak = await post('/api/account/password', u.token, {
        currentPassword: PASSWORD,
        newPassword: 'password1',
      })
      expect(weak.statusCode).toBe(400)
      expect(weak.json().details[0].field).toBe('newPassword')
      expect(await accounts.verify(u.email, PASSWORD)).toBeDefined()

      const ok = await post('/api/account/password', u.token, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      })
      expect(ok.statusCode).toBe(200)
      expect(await accounts.verify(u.email, PASSWORD)).toBeUndefined()
      expect(await accounts.verify(u.email, NEW_PASSWORD)).toBeDefined()
      expect(await sessionsOf(u.account.id)).toBe(0)
    })

    it('answers 409 when the password lives at an external provider', async () => {
      const external = await t.userWithRole('learner')
      const res = await post('/api/account/password', external.token, {
        currentPassword: 'x',
        newPassword: NEW_PASSWORD,
      })
      expect(res.statusCode).toBe(409)
    })

    it('exports the profile, progress, review log, reports and bug reports as JSON', async () => {
      const u = await embeddedUser()
      const ex = await seedExample(t, admin)
      await post('/api/exercises/evaluate', u.token, { exampleId: ex.exampleId, ...perfect(ex) })
      await post('/api/admin/reportbug', u.token, {
        title: 'Audio too soft',
        body: 'I can barely hear it.',
        labels: ['Audio is distored/too loud/too soft'],
      })
      const res = await get('/api/account/export', u.token)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="che-idioms-data-/)
      const data = AccountExport.parse(res.json())
      expect(data.profile).toMatchObject({ id: u.id, email: u.email, name: 'Vera Paz' })
      expect(data.progress).toEqual([expect.objectContaining({ exampleId: ex.exampleId })])
      expect(data.reviewLog).toHaveLength(1)
      expect(data.reviewLog[0]).toMatchObject({ exampleId: ex.exampleId })
      expect(data.bugReports).toEqual([expect.objectContaining({ title: 'Audio too soft' })])
      expect(data.reports).toEqual([])
      // Nobody else's data.
      const other = await t.userWithRole('learner')
      const theirs = AccountExport.parse((await get('/api/account/export', other.token)).json())
      expect(theirs.progress).toEqual([])
      expect(theirs.bugReports).toEqual([])
    })

    it('deletes my account only with the typed confirmation', async () => {
      const u = await embeddedUser()
      const unconfirmed = await post('/api/account/delete', u.token, { confirm: 'yes' })
      expect(unconfirmed.statusCode).toBe(400)
      expect((await sync(u.token)).statusCode).toBe(200)
      const res = await post('/api/account/delete', u.token, { confirm: 'DELETE' })
      expect(res.statusCode).toBe(200)
      expect((await sync(u.token)).statusCode).toBe(401)
      expect(await createAccountsRepo(t.database.db).findByEmail(u.email)).toBeUndefined()
    })
  })
})

describe('the first admin of an install reachable from the network', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(
      { HOST: '0.0.0.0', PUBLIC_URL: 'https://che.example.org' },
      { contentDir: false },
    )
  })
  afterAll(() => t.close())

  it('is not the first sign-up, but whoever enters the set-up code printed at start', async () => {
    const first = await t.tokenFor(randomUUID(), { email: 'first@test.example' })
    const sync = await t.app.inject({
      method: 'POST',
      url: '/api/users/sync',
      headers: bearer(first),
      payload: {},
    })
    expect(sync.json().role).toBe('learner')
    const info = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(first) })
    expect(info.json()).toMatchObject({ adminSetupPending: true })

    const claim = (token: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/setup/admin',
        headers: bearer(token),
        payload: { code },
      })
    const wrong = await claim(first, 'AAAA-BBBB-CCCC')
    expect(wrong.statusCode).toBe(403)
    const [row] = await t.database.db
      .select()
      .from(secrets)
      .where(eq(secrets.key, 'admin.setup-code'))
    const code = row!.value as string
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    const ok = await claim(first, code.toLowerCase())
    expect(ok.statusCode).toBe(200)
    expect(ok.json().role).toBe('admin')

    // Once there is an admin the code is spent.
    const second = await t.tokenFor(randomUUID(), { email: 'second@test.example' })
    await t.app.inject({
      method: 'POST',
      url: '/api/users/sync',
      headers: bearer(second),
      payload: {},
    })
    expect((await claim(second, code)).statusCode).toBe(409)
    const after = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(first) })
    expect(after.json()).toMatchObject({ adminSetupPending: false })
  })
})

describe('the first admin of a loopback install', () => {
  it('is still the first sign-up, with no set-up code', async () => {
    const t = await startTestApp({}, { contentDir: false })
    try {
      const token = await t.tokenFor(randomUUID(), { email: 'me@test.example' })
      const sync = await t.app.inject({
        method: 'POST',
        url: '/api/users/sync',
        headers: bearer(token),
        payload: {},
      })
      expect(sync.json().role).toBe('admin')
      const claim = await t.app.inject({
        method: 'POST',
        url: '/api/setup/admin',
        headers: bearer(token),
        payload: { code: 'ABCD-EFGH-JKMN' },
      })
      expect(claim.statusCode).toBe(409)
    } finally {
      await t.close()
    }
  })
})
