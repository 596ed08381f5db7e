import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../db/test-db.js'
import { idpAccounts } from '../db/schema.js'
import { AppError } from '../errors.js'
import { createAccountsRepo } from './accounts.js'

let database: TestDatabase
let accounts: ReturnType<typeof createAccountsRepo>
const PASSWORD = 'dulce de leche y medialunas'

beforeAll(async () => {
  database = await createTestDatabase()
  accounts = createAccountsRepo(database.db)
})
afterAll(async () => {
  await database?.drop()
})

async function failure(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  const { status, code, message, details } = err as AppError
  return { status, code, message, details }
}

describe('createAccountsRepo', () => {
  describe('create', () => {
    it('stores a lower-cased e-mail, a trimmed name and an argon2id hash, never the password', async () => {
      const account = await accounts.create({
        email: '  Mora@Example.COM ',
        name: '  Mora   Díaz ',
        password: PASSWORD,
      })
      expect(account).toEqual({
        id: expect.any(String),
        email: 'mora@example.com',
        name: 'Mora Díaz',
        emailVerified: false,
      })
      const [row] = await database.db
        .select()
        .from(idpAccounts)
        .where(eq(idpAccounts.id, account.id))
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
      expect(row?.passwordHash).not.toContain(PASSWORD)
    })

    it('marks only operator-vouched accounts as verified', async () => {
      const vouched = await accounts.create(
        { email: 'ops@example.com', name: 'Ops', password: PASSWORD },
        { emailVerified: true },
      )
      expect(vouched.emailVerified).toBe(true)
      expect((await accounts.findById(vouched.id))?.emailVerified).toBe(true)
    })

    it('refuses a duplicate e-mail whatever its case', async () => {
      await accounts.create({ email: 'dup@example.com', name: 'A', password: PASSWORD })
      expect(
        await failure(accounts.create({ email: 'DUP@example.com', name: 'B', password: PASSWORD })),
      ).toEqual({
        status: 409,
        code: 'CONFLICT',
        message: 'An account with this e-mail already exists',
        details: { field: 'email' },
      })
    })

    it('refuses two concurrent sign-ups with the same e-mail but one', async () => {
      const results = await Promise.allSettled([
        accounts.create({ email: 'race@example.com', name: 'A', password: PASSWORD }),
        accounts.create({ email: 'race@example.com', name: 'B', password: PASSWORD }),
      ])
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    })

    it.each([
      ['a short password', 'Ab1!x', 'password'],
      ['a very common password', 'password123', 'password'],
      ['a keyboard walk', 'qwertyuiop', 'password'],
      ['the e-mail as password', 'weak.user@example.com', 'password'],
    ])('refuses %s', async (_label, password, field) => {
      const err = await failure(
        accounts.create({ email: 'weak.user@example.com', name: 'W', password }),
      )
      expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', details: { field } })
    })

    it.each([
      ['no @', 'not-an-email', 'email'],
      ['no domain dot', 'a@b', 'email'],
      ['spaces inside', 'a b@example.com', 'email'],
      ['an empty address', '   ', 'email'],
    ])('refuses an e-mail with %s', async (_label, email, field) => {
      const err = await failure(accounts.create({ email, name: 'N', password: PASSWORD }))
      expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', details: { field } })
    })

    it('refuses a blank or overlong name', async () => {
      expect(
        await failure(accounts.create({ email: 'n1@example.com', name: '  ', password: PASSWORD })),
      ).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { field: 'name' },
      })
      expect(
        await failure(
          accounts.create({ email: 'n2@example.com', name: 'x'.repeat(101), password: PASSWORD }),
        ),
      ).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'name' } })
    })
  })

  describe('verify and authenticate', () => {
    it('returns the account for the right password, case-insensitively on the e-mail', async () => {
      const created = await accounts.create({
        email: 'tomas@example.com',
        name: 'Tomás',
        password: PASSWORD,
      })
      expect(await accounts.verify('TOMAS@example.com', PASSWORD)).toEqual(created)
    })

    it('returns undefined for a wrong password or an unknown e-mail, and never says which', async () => {
      await accounts.create({ email: 'sofi@example.com', name: 'Sofi', password: PASSWORD })
      expect(await accounts.verify('sofi@example.com', 'wrong password here')).toBeUndefined()
      expect(await accounts.verify('nobody@example.com', PASSWORD)).toBeUndefined()
      // One outcome for both, so no caller can turn it into "this address has an account".
      expect(await accounts.authenticate('sofi@example.com', 'nope')).toEqual({ ok: false })
      expect(await accounts.authenticate('nobody@example.com', PASSWORD)).toEqual({ ok: false })
    })
  })

  describe('findById', () => {
    it('finds an account and answers undefined for unknown or malformed ids', async () => {
      const created = await accounts.create({
        email: 'find@example.com',
        name: 'F',
        password: PASSWORD,
      })
      expect(await accounts.findById(created.id)).toEqual(created)
      expect(await accounts.findById('00000000-0000-4000-8000-000000000000')).toBeUndefined()
      expect(await accounts.findById('not-a-uuid')).toBeUndefined()
    })
  })
})
