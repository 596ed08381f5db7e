import type { ZxcvbnFactory } from '@zxcvbn-ts/core'
// @node-rs/argon2 ships prebuilt binaries per platform (no compile at install); argon2id is its default.
import { createHash, randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import { CONTROL_CHARACTERS } from '@che/core'
import type { Db } from '../db/client.js'
import { accountTokens, idpAccounts, users } from '../db/schema.js'
import { AppError, badRequest } from '../errors.js'

export interface IdpAccount {
  id: string
  email: string
  name: string
  emailVerified: boolean
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>

/**
 * Unknown address and wrong password are one outcome, so the sign-in page cannot tell them
 * apart (no account enumeration); both cost one argon2 verification.
 */
export type AuthenticationResult = { ok: true; account: IdpAccount } | { ok: false }

export type AccountTokenPurpose = 'reset' | 'verify'

/** How long an e-mailed (or CLI-printed) link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const NAME_MAX_LENGTH = 100
const EMAIL_MAX_LENGTH = 254
/** zxcvbn's 0-4 scale; 2 means "somewhat guessable", enough to stop the common passwords. */
const MIN_PASSWORD_SCORE = 2

/** What the sign-up page shows next to the password field. */
export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters, and not a common or easily guessed password. A few unrelated words make a good one.`

// A deliberately loose check: something@something.tld, no spaces. The real test is delivery.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/

/**
 * zxcvbn with its common-password dictionaries, loaded on the first password check (sign-up,
 * reset) rather than at start: they take ≈10 MB that an idle server does not need (decision 041).
 */
let zxcvbnLoading: Promise<ZxcvbnFactory> | undefined
function zxcvbn(): Promise<ZxcvbnFactory> {
  zxcvbnLoading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]).then(
    ([{ ZxcvbnFactory }, common]) =>
      new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  )
  return zxcvbnLoading
}

/** Trimmed, lower-cased; accounts are unique by this form. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

function validateEmail(raw: string): string {
  const email = normalizeEmail(raw)
  if (!email) throw badRequest('Enter your e-mail address', { field: 'email' })
  if (
    email.length > EMAIL_MAX_LENGTH ||
    !EMAIL_PATTERN.test(email) ||
    CONTROL_CHARACTERS.test(email)
  ) {
    throw badRequest('Enter a valid e-mail address, like name@example.com', { field: 'email' })
  }
  return email
}

/** The sign-up's rules for a display name; throws VALIDATION_FAILED (field name). */
export function validateName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ')
  if (!name) throw badRequest('Enter your name', { field: 'name' })
  if (CONTROL_CHARACTERS.test(name)) {
    throw badRequest('Your name contains characters that are not allowed', { field: 'name' })
  }
  if (name.length > NAME_MAX_LENGTH) {
    throw badRequest(`Your name can have at most ${NAME_MAX_LENGTH} characters`, { field: 'name' })
  }
  return name
}

export async function validatePassword(password: string, userInputs: string[]): Promise<void> {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw badRequest(`Use at least ${PASSWORD_MIN_LENGTH} characters for your password`, {
      field: 'password',
    })
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw badRequest(`Use at most ${PASSWORD_MAX_LENGTH} characters for your password`, {
      field: 'password',
    })
  }
  const result = await (await zxcvbn()).check(password, userInputs)
  if (result.score < MIN_PASSWORD_SCORE) {
    throw badRequest('This password is too common or easy to guess; choose a stronger one', {
      field: 'password',
    })
  }
}

/** validatePassword with the account's own words (address, its local part, name) as guesses. */
/** The SQL condition of a token that is this one, for this purpose, unused and not expired. */
function usableToken(token: string, purpose: AccountTokenPurpose, now: Date) {
  return and(
    eq(accountTokens.tokenHash, sha256(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  )
}

function validateAccountPassword(
  password: string,
  account: { email: string; name: string },
): Promise<void> {
  const { email, name } = account
  return validatePassword(password, [email, email.split('@')[0] ?? '', name, 'che', 'idioms'])
}

const columns = {
  id: idpAccounts.id,
  email: idpAccounts.email,
  name: idpAccounts.name,
  emailVerified: idpAccounts.emailVerified,
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A hash of a random password with the library's default parameters (the same as every stored
 * hash): verifying against it costs what verifying a real account costs.
 */
let dummyHash: Promise<string> | undefined
const getDummyHash = () => {
  dummyHash ??= hash(randomBytes(32).toString('hex'))
  return dummyHash
}

/** Accounts of the embedded identity provider: e-mail, name and an argon2id password hash. */
export function createAccountsRepo(db: Db) {
  async function findByEmail(email: string) {
    const [row] = await db
      .select({ ...columns, passwordHash: idpAccounts.passwordHash })
      .from(idpAccounts)
      .where(eq(idpAccounts.email, normalizeEmail(email)))
      .limit(1)
    return row
  }

  async function authenticate(email: string, password: string): Promise<AuthenticationResult> {
    const row = await findByEmail(email)
    if (!row) {
      // Same work as for a real account, so the answer's timing does not tell either.
      await verify(await getDummyHash(), password).catch(() => false)
      return { ok: false }
    }
    if (!(await verify(row.passwordHash, password))) return { ok: false }
    return {
      ok: true,
      account: { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerified },
    }
  }

  return {
    /**
     * Validates email/name/password; throws AppError(400,'VALIDATION_FAILED',msg,{field}) for bad
     * input or a weak password, AppError(409,'CONFLICT',...) for a duplicate (case-insensitive).
     * `emailVerified` is true only for accounts an operator vouches for (the users CLI): sign-up
     * never proves mailbox ownership.
     */
    async create(
      input: { email: string; name: string; password: string },
      opts: { emailVerified?: boolean } = {},
    ): Promise<IdpAccount> {
      const email = validateEmail(input.email)
      const name = validateName(input.name)
      await validateAccountPassword(input.password, { email, name })
      if (await findByEmail(email)) throw duplicateEmail()
      const passwordHash = await hash(input.password)
      const [row] = await db
        .insert(idpAccounts)
        .values({ email, name, passwordHash, emailVerified: opts.emailVerified ?? false })
        .onConflictDoNothing({ target: idpAccounts.email })
        .returning(columns)
      // A concurrent sign-up with the same address won the race.
      if (!row) throw duplicateEmail()
      return row
    },

    /** Returns the account when the password matches, else undefined. */
    async verify(email: string, password: string): Promise<IdpAccount | undefined> {
      const result = await authenticate(email, password)
      return result.ok ? result.account : undefined
    },

    /** Like verify, but says why it failed, for the sign-in page. */
    authenticate,

    /** The account of an address (any case), if there is one. */
    async findByEmail(email: string): Promise<IdpAccount | undefined> {
      const row = await findByEmail(email)
      return row
        ? { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerified }
        : undefined
    },

    /** Spend as long as a sign-up's hashing, for answers that must not reveal a taken address. */
    async hashDecoy(password: string): Promise<void> {
      await hash(password || 'decoy')
    },

    /** Throws VALIDATION_FAILED (field password) when the password is too weak for the account. */
    async checkNewPassword(account: IdpAccount, password: string): Promise<void> {
      await validateAccountPassword(password, account)
    },

    /** Checks the new password's strength and stores its hash. */
    async setPassword(account: IdpAccount, password: string): Promise<void> {
      await validateAccountPassword(password, account)
      await db
        .update(idpAccounts)
        .set({ passwordHash: await hash(password) })
        .where(eq(idpAccounts.id, account.id))
    },

    /** True when `password` is the account's current password. */
    async checkPassword(id: string, password: string): Promise<boolean> {
      const [row] = await db
        .select({ passwordHash: idpAccounts.passwordHash })
        .from(idpAccounts)
        .where(eq(idpAccounts.id, id))
        .limit(1)
      return row ? verify(row.passwordHash, password).catch(() => false) : false
    },

    async markVerified(id: string): Promise<void> {
      await db.update(idpAccounts).set({ emailVerified: true }).where(eq(idpAccounts.id, id))
    },

    async delete(id: string): Promise<void> {
      if (!UUID_PATTERN.test(id)) return
      await db.delete(idpAccounts).where(eq(idpAccounts.id, id))
    },

    /** True while an admin has disabled the product user this account signs in as. */
    async isDisabled(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.subject, id), isNotNull(users.disabledAt)))
        .limit(1)
      return row !== undefined
    },

    /** A new single-use token (returned once; only its SHA-256 is stored). */
    async createToken(
      accountId: string,
      purpose: AccountTokenPurpose,
      ttlMs: number,
      now = new Date(),
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url')
      await db.insert(accountTokens).values({
        tokenHash: sha256(token),
        accountId,
        purpose,
        expiresAt: new Date(now.getTime() + ttlMs),
      })
      return token
    },

    /** Uses a token up: the account id when it was valid, unused and not expired, else undefined. */
    async consumeToken(
      token: string,
      purpose: AccountTokenPurpose,
      now = new Date(),
    ): Promise<string | undefined> {
      const [row] = await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(usableToken(token, purpose, now))
        .returning({ accountId: accountTokens.accountId })
      return row?.accountId
    },

    /** The account a valid token belongs to, without using it up (to show the form first). */
    async peekToken(
      token: string,
      purpose: AccountTokenPurpose,
      now = new Date(),
    ): Promise<string | undefined> {
      const [row] = await db
        .select({ accountId: accountTokens.accountId })
        .from(accountTokens)
        .where(usableToken(token, purpose, now))
        .limit(1)
      return row?.accountId
    },

    async findById(id: string): Promise<IdpAccount | undefined> {
      // ids are uuids; anything else (a stale or foreign subject) cannot match and would make
      // PostgreSQL throw on the cast.
      if (!UUID_PATTERN.test(id)) return undefined
      const [row] = await db
        .select(columns)
        .from(idpAccounts)
        .where(eq(idpAccounts.id, id))
        .limit(1)
      return row
    },
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function duplicateEmail() {
  return new AppError(409, 'CONFLICT', 'An account with this e-mail already exists', {
    field: 'email',
  })
}
