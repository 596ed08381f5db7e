import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccountsRepo } from '../idp/accounts.js'
import { createUsersRepo } from '../modules/users/users.repo.js'
import { userIssuer } from '../plugins/auth.js'
import { bearer, startTestApp, type TestApp } from '../test/support.js'
import { runUsersCommand } from './users-command.js'

describe('npm run users -- set-role keeps the rules of the admin endpoint', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(
      { ADMIN_EMAILS: 'jefa@test.example,jefe@test.example' },
      { contentDir: false },
    )
  })
  afterAll(() => t.close())

  /** Runs the command as the CLI does; its exit code and what it printed. */
  async function users(...argv: string[]) {
    const log: string[] = []
    const error: string[] = []
    const code = await runUsersCommand(argv, t.database, t.config, {
      log: (line) => log.push(line),
      error: (line) => error.push(line),
    })
    return { code, log: log.join('\n'), error: error.join('\n') }
  }
  const roleOf = async (id: string) => (await createUsersRepo(t.database.db).findById(id))?.role

  it('refuses to demote an ADMIN_EMAILS admin, as POST /api/admin/users/:id/role does', async () => {
    const boss = await createUsersRepo(t.database.db).upsert({
      issuer: userIssuer(t.config.oidc),
      subject: randomUUID(),
      email: 'jefa@test.example',
      name: 'Jefa',
      picture: null,
      claims: {},
      admin: true,
    })
    const admin = await t.userWithRole('admin')
    const api = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${boss.id}/role`,
      headers: bearer(admin.token),
      payload: { role: 'learner' },
    })
    expect(api.statusCode).toBe(409)

    for (const role of ['editor', 'learner']) {
      const cli = await users('set-role', 'jefa@test.example', role)
      expect(cli.code).toBe(1)
      expect(cli.error).toBe(`error: ${api.json().message}`)
      expect(cli.error).toContain('remove it there first')
      expect(cli.log).toBe('')
    }
    expect(await roleOf(boss.id)).toBe('admin')
    // Making an ADMIN_EMAILS admin admin again is no demotion.
    expect((await users('set-role', 'jefa@test.example', 'admin')).code).toBe(0)
  })

  it('changes the role of anyone else, which the API then reports', async () => {
    const { user, token } = await t.userWithRole('learner')
    const cli = await users('set-role', user.email!, 'editor')
    expect(cli).toMatchObject({ code: 0, log: `${user.email} is now editor` })
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/users/sync',
      headers: bearer(token),
      payload: {},
    })
    expect(profile.json()).toMatchObject({ role: 'editor' })
  })

  it('refuses to create an ADMIN_EMAILS address as anything but admin, and creates it admin by default', async () => {
    const accounts = createAccountsRepo(t.database.db)
    const products = createUsersRepo(t.database.db)
    for (const [address, role] of [
      ['jefe@test.example', 'learner'],
      ['Jefe@Test.Example', 'editor'],
    ] as const) {
      const cli = await users('create', address, '--role', role, '--password', 'mate-amargo-42')
      expect(cli.code).toBe(1)
      expect(cli.error).toBe(
        'error: jefe@test.example is in ADMIN_EMAILS, so it would be admin at its first sign-in: create it as admin, or remove it from ADMIN_EMAILS first',
      )
      expect(cli.log).toBe('')
    }
    // Refused before anything was written: no sign-in account, no product user.
    expect(await accounts.findByEmail('jefe@test.example')).toBeUndefined()
    expect(await products.findByEmail('jefe@test.example')).toEqual([])

    const created = await users(
      'create',
      'jefe@test.example',
      '--name',
      'Jefe',
      '--password',
      'mate-amargo-42',
    )
    expect(created).toMatchObject({ code: 0, log: 'created jefe@test.example (admin)', error: '' })
    const [row] = await products.findByEmail('jefe@test.example')
    expect(row?.role).toBe('admin')
    // Anyone else is still created with the role asked for, or learner.
    expect(
      await users(
        'create',
        'alumna@test.example',
        '--name',
        'Alumna',
        '--password',
        'mate-amargo-42',
      ),
    ).toMatchObject({ code: 0, log: 'created alumna@test.example (learner)' })
  })

  it('says what is wrong for no such user, an unknown role, or no command', async () => {
    const nobody = await users('set-role', 'nadie@test.example', 'editor')
    expect(nobody).toMatchObject({ code: 1 })
    expect(nobody.error).toContain('no user with e-mail nadie@test.example')

    const { user } = await t.userWithRole('learner')
    const wrong = await users('set-role', user.email!, 'boss')
    expect(wrong.code).toBe(1)
    expect(wrong.error).toContain('role must be one of learner, editor, admin')
    expect(await roleOf(user.id)).toBe('learner')

    const usage = await users('frobnicate')
    expect(usage.code).toBe(2)
    expect(usage.error).toContain('npm run users -- set-role <email> <learner|editor|admin>')
  })
})
