import { timingSafeEqual } from 'node:crypto'
import type { AccountExport, AccountInfo, AdminUser, UserProfile } from '@che/core'
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthenticated,
} from '../../errors.js'
import { validateName, type AccountsRepo } from '../../idp/accounts.js'
import type { Principal } from '../../plugins/auth.js'
import type { Role, UserRow, UsersRepo } from '../users/users.repo.js'
import { toProfile } from '../users/users.service.js'
import type { UserAccountsRepo } from './accounts.repo.js'

export const accountDisabled = () =>
  new AppError(
    403,
    'ACCOUNT_DISABLED',
    'This account is disabled. Ask an administrator of Che Idioms to enable it.',
  )

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  }
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value)
/** A row as plain JSON: dates as ISO strings. */
const plain = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)]))

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given.trim().toUpperCase())
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function createUserAccountsService(deps: {
  repo: UserAccountsRepo
  users: UsersRepo
  /** The embedded provider, when it runs: its issuer, accounts and session revocation. */
  idp?: {
    issuer: string
    accounts: AccountsRepo
    revokeSessions(accountId: string): Promise<void>
  }
  /** Addresses made admin at every sign-in (ADMIN_EMAILS, lower case). */
  adminEmails: readonly string[]
  /** The one-time code that makes the first admin of an exposed install (none on loopback). */
  adminSetupCode?: string | undefined
  clock: () => Date
}) {
  const { repo, idp } = deps
  /** The embedded account a user signs in with, when it is one. */
  const embeddedAccountOf = (user: UserRow) =>
    idp && user.issuer === idp.issuer ? user.subject : undefined
  /** That account itself, when it still exists: the password and the name are then kept here. */
  const embeddedAccount = async (user: UserRow) => {
    const accountId = embeddedAccountOf(user)
    return accountId && idp ? idp.accounts.findById(accountId) : undefined
  }
  const NAME_ELSEWHERE = 'Your name comes from your identity provider; change it there'

  async function revoke(user: UserRow) {
    const accountId = embeddedAccountOf(user)
    if (accountId && idp) await idp.revokeSessions(accountId)
  }

  async function remove(user: UserRow) {
    await repo.deleteUser(user, embeddedAccountOf(user), deps.clock())
  }

  /** An ADMIN_EMAILS admin would be admin again at its next sign-in: refuse to demote it. */
  function keepAdminEmails(user: UserRow, role: Role) {
    if (role !== 'admin' && user.role === 'admin' && deps.adminEmails.includes(user.email)) {
      throw conflict(
        `${user.email} is in ADMIN_EMAILS, so it would be admin again at its next sign-in: remove it there first`,
      )
    }
  }

  async function target(id: string, admin: UserRow, action: string) {
    const user = await repo.findById(id)
    if (!user) throw notFound('User')
    if (user.id === admin.id) throw conflict(`You cannot ${action} your own account here`)
    return user
  }

  return {
    /**
     * The API's check of every signed-in call: a disabled user is refused (403
     * ACCOUNT_DISABLED), and a token of a deleted user issued before the deletion is refused
     * (401), so it can never re-create the user through POST /api/users/sync.
     */
    async checkCaller(principal: Principal, user: UserRow | undefined): Promise<void> {
      if (user) {
        if (user.disabledAt) throw accountDisabled()
        return
      }
      const deletedAt = await repo.deletedAt(principal.issuer, principal.subject)
      if (!deletedAt) return
      const iat = principal.claims.iat
      if (typeof iat !== 'number' || iat * 1000 <= deletedAt.getTime()) {
        throw unauthenticated('This account has been deleted')
      }
    },

    async info(user: UserRow): Promise<AccountInfo> {
      const managedHere = Boolean(await embeddedAccount(user))
      return {
        passwordManagedHere: managedHere,
        nameManagedHere: managedHere,
        adminSetupPending: deps.adminSetupCode !== undefined && !(await repo.hasAdmin()),
      }
    },

    /**
     * A new display name, for embedded sign-in: the provider's account and the product user in
     * one write, so the next token and the next sync say the same. With an external provider the
     * name comes from its claims at every sign-in: 409 CONFLICT.
     */
    async changeName(user: UserRow, raw: string): Promise<UserProfile> {
      const account = await embeddedAccount(user)
      if (!account) throw conflict(NAME_ELSEWHERE)
      const row = await repo.renameUser(user.id, account.id, validateName(raw))
      if (!row) throw conflict(NAME_ELSEWHERE)
      return toProfile(row)
    },

    async changePassword(user: UserRow, current: string, next: string): Promise<void> {
      const account = await embeddedAccount(user)
      if (!account || !idp) {
        throw conflict('Your password is managed by your identity provider; change it there')
      }
      if (!(await idp.accounts.checkPassword(account.id, current))) {
        throw badRequest('The current password is wrong', [
          { field: 'currentPassword', message: 'The current password is wrong' },
        ])
      }
      try {
        await idp.accounts.setPassword(account, next)
      } catch (err) {
        if (err instanceof AppError && err.code === 'VALIDATION_FAILED') {
          throw badRequest(err.message, [{ field: 'newPassword', message: err.message }])
        }
        throw err
      }
      // Every other device must sign in again with the new password.
      await idp.revokeSessions(account.id)
    },

    async exportData(user: UserRow): Promise<AccountExport> {
      const [progress, reviews, reports, bugReports] = await Promise.all([
        repo.progressOf(user.id),
        repo.reviewLogOf(user.id),
        repo.reportsOf(user.id),
        repo.bugReportsOf(user.id),
      ])
      const reviewLog = reviews.map((row) => plain(row))
      return {
        exportedAt: deps.clock().toISOString(),
        profile: { ...toProfile(user), createdAt: user.createdAt.toISOString() },
        progress: progress.map((row) => plain(row)),
        reviewLog,
        reports: reports.map((row) => plain(row)),
        bugReports: bugReports.map((row) => plain(row)),
      }
    },

    async deleteSelf(user: UserRow): Promise<void> {
      await remove(user)
    },

    async list(): Promise<AdminUser[]> {
      return (await repo.list()).map(toAdminUser)
    },

    async disable(admin: UserRow, id: string): Promise<AdminUser> {
      const user = await target(id, admin, 'disable')
      const row = user.disabledAt ? user : await repo.setDisabledAt(user.id, deps.clock())
      await revoke(user)
      return toAdminUser(row ?? user)
    },

    async enable(id: string): Promise<AdminUser> {
      const row = await repo.setDisabledAt(id, null)
      if (!row) throw notFound('User')
      return toAdminUser(row)
    },

    /** An admin sets another account's role; it counts from that account's next call. */
    async setRole(admin: UserRow, id: string, role: Role): Promise<AdminUser> {
      const user = await target(id, admin, 'change the role of')
      keepAdminEmails(user, role)
      const row = await repo.setRoleAsAdmin(admin.id, user.id, role)
      if (row === 'not-admin') throw forbidden('You are no longer an admin')
      if (!row) throw notFound('User')
      return toAdminUser(row)
    },

    async delete(admin: UserRow, id: string): Promise<void> {
      await remove(await target(id, admin, 'delete'))
    },

    /**
     * For the CLI (`npm run users -- set-role`): the operator sets the role of every product user
     * of an address (one per identity provider) under the same rule as `setRole`: an
     * ADMIN_EMAILS admin keeps the role (409 CONFLICT, nothing changed). The operator is no user,
     * so the "own account" rule has nothing to apply to. An empty list when no one has the address.
     */
    async setRoleByEmail(email: string, role: Role): Promise<UserRow[]> {
      const rows = await deps.users.findByEmail(email)
      for (const user of rows) keepAdminEmails(user, role)
      return repo.setRoles(
        rows.map((user) => user.id),
        role,
      )
    },

    /**
     * For the CLI (`npm run users -- create`): the role a new account of `email` gets. An
     * ADMIN_EMAILS address is made admin at its every sign-in, so creating it with another role
     * would not last: refused (409 CONFLICT, the same rule as `setRole`), and with no role asked
     * for it is admin. Anyone else gets the role asked for, or learner.
     */
    roleForNewAccount(email: string, asked: Role | undefined): Role {
      const listed = deps.adminEmails.includes(email.trim().toLowerCase())
      if (!listed) return asked ?? 'learner'
      if (asked !== undefined && asked !== 'admin') {
        throw conflict(
          `${email.trim().toLowerCase()} is in ADMIN_EMAILS, so it would be admin at its first sign-in: create it as admin, or remove it from ADMIN_EMAILS first`,
        )
      }
      return 'admin'
    },

    /** For the CLI: the product users of an address (any issuer). */
    findByEmail: (email: string) => deps.users.findByEmail(email),

    /** The first admin of an exposed install: the set-up code printed at start, once. */
    async claimAdmin(user: UserRow, code: string): Promise<UserProfile> {
      if (!deps.adminSetupCode) throw conflict('This install needs no set-up code')
      if (await repo.hasAdmin()) throw conflict('This install already has an admin')
      if (!sameCode(code, deps.adminSetupCode)) throw forbidden('The set-up code is wrong')
      const row = await repo.claimFirstAdmin(user.id)
      if (!row) throw conflict('This install already has an admin')
      return toProfile(row)
    },
  }
}
export type UserAccountsService = ReturnType<typeof createUserAccountsService>
