import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type Config } from '../../config.js'
import { createTestDatabase, type TestDatabase } from '../../db/test-db.js'
import { createAccountsRepo } from '../../idp/accounts.js'
import { createEmbeddedAccounts } from '../../idp/embedded-accounts.js'
import { userIssuer } from '../../plugins/auth.js'
import { createUsersRepo, type UserRow } from '../users/users.repo.js'
import { buildUserAccountsService } from './accounts.factory.js'

const base = { NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1:3999', DATA_DIR: 'memory://' }
const embeddedConfig = loadConfig(base)
const externalConfig = loadConfig({
  ...base,
  OIDC_ISSUER: 'https://id.example',
  OIDC_CLIENT_ID: 'che',
})
// The users CLI acts as the operator, not as one of the users.
const operator = { id: '' } as UserRow

describe('buildUserAccountsService', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())

  /** An embedded account, and the user row that signing in under `config`'s issuer made. */
  async function signedUp(config: Config) {
    const account = await createAccountsRepo(database.db).create(
      {
        email: `${randomUUID().slice(0, 8)}@test.example`,
        name: 'Ana',
        password: 'Correct horse battery staple 42!',
      },
      { emailVerified: true },
    )
    const user = await createUsersRepo(database.db).upsert({
      issuer: userIssuer(config.oidc),
      subject: account.id,
      email: account.email,
      name: account.name,
      picture: null,
      claims: {},
      admin: false,
    })
    return { account, user }
  }
  const build = (config: Config) =>
    buildUserAccountsService({
      config,
      db: database.db,
      users: createUsersRepo(database.db),
      clock: () => new Date(),
    })

  it('deletes the embedded account with its user when the embedded provider runs (the users CLI gives no provider)', async () => {
    const { account, user } = await signedUp(embeddedConfig)
    await build(embeddedConfig).delete(operator, user.id)
    expect(await createUsersRepo(database.db).findById(user.id)).toBeUndefined()
    expect(await createAccountsRepo(database.db).findById(account.id)).toBeUndefined()
  })

  it('leaves the embedded accounts alone when users sign in with an external provider', async () => {
    const { account, user } = await signedUp(externalConfig)
    await build(externalConfig).delete(operator, user.id)
    expect(await createUsersRepo(database.db).findById(user.id)).toBeUndefined()
    expect(await createAccountsRepo(database.db).findById(account.id)).toMatchObject({
      id: account.id,
    })
  })

  it('refuses embedded accounts when the embedded provider is off', () => {
    expect(() =>
      buildUserAccountsService({
        config: externalConfig,
        db: database.db,
        users: createUsersRepo(database.db),
        embedded: createEmbeddedAccounts(database.db),
        clock: () => new Date(),
      }),
    ).toThrow('embedded identity provider is off')
  })
})
