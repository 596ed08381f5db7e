import { parseArgs } from 'node:util'
import type { Config } from '../config.js'
import type { Database } from '../db/client.js'
import { toMessage } from '../errors.js'
import { ROLES, type Role } from '@che/core'
import { RESET_TOKEN_TTL_MS } from '../idp/accounts.js'
import { createEmbeddedAccounts } from '../idp/embedded-accounts.js'
import { buildUserAccountsService } from '../modules/accounts/accounts.factory.js'
import { createUsersRepo, type UserRow } from '../modules/users/users.repo.js'
import { userIssuer } from '../plugins/auth.js'

const USAGE = `Usage:
  npm run users -- set-role <email> <learner|editor|admin>
  npm run users -- create <email> --name <name> --password <password> [--role <role>]
                                            (an ADMIN_EMAILS address is created admin)
  npm run users -- list
  npm run users -- disable <email>          refuse the account's next API call, end its sessions
  npm run users -- enable <email>
  npm run users -- delete <email>           delete the account and its data (cannot be undone)
  npm run users -- reset-password <email> [--password <new password>]
                                            print a one-hour reset link, or set the password`

function parseRole(value: string | undefined): Role {
  if (!value || !(ROLES as readonly string[]).includes(value)) {
    throw new Error(`role must be one of ${ROLES.join(', ')}`)
  }
  return value as Role
}

/** Where the command writes: the console, or a test's lines. */
export interface Output {
  log: (line: string) => void
  error: (line: string) => void
}

/**
 * Operators' and tests' tool for accounts and roles, on an open database. Returns the exit code:
 * 0 done, 1 refused or failed (with `error: <why>` on the error output, nothing changed by the
 * refused step), 2 a usage error. Role changes go through the accounts service, so they keep
 * the rules the admin endpoint keeps.
 */
export async function runUsersCommand(
  argv: string[],
  database: Database,
  config: Config,
  out: Output = { log: console.log, error: console.error },
): Promise<number> {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { name: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
    })
    const [command, email] = positionals
    const users = createUsersRepo(database.db)
    const embedded = createEmbeddedAccounts(database.db)
    const { accounts } = embedded
    const service = buildUserAccountsService({
      config,
      db: database.db,
      users,
      embedded: config.oidc.embedded ? embedded : undefined,
      clock: () => new Date(),
    })
    /** The product users of an address; an error when there is none. */
    async function usersOf(address: string): Promise<UserRow[]> {
      const rows = await users.findByEmail(address)
      if (rows.length === 0) throw new Error(`no user with e-mail ${address}`)
      return rows
    }
    // The CLI acts as the operator, not as one of the users (no "own account" rule applies).
    const operator = { id: '' } as UserRow
    if (command === 'set-role' && email) {
      const role = parseRole(positionals[2])
      const rows = await service.setRoleByEmail(email, role)
      if (rows.length === 0)
        throw new Error(`no user with e-mail ${email} (they must sign in once first)`)
      out.log(`${email} is now ${role}`)
    } else if (command === 'create' && email) {
      if (!config.oidc.embedded)
        throw new Error('create works with the embedded identity provider only')
      // Checked before anything is written: an ADMIN_EMAILS address cannot be created as less.
      const role = service.roleForNewAccount(
        email,
        values.role === undefined ? undefined : parseRole(values.role),
      )
      // The operator vouches for the address, so it counts as verified (ADMIN_EMAILS relies on it).
      const account = await accounts.create(
        { email, name: values.name ?? '', password: values.password ?? '' },
        { emailVerified: true },
      )
      const row = await users.upsert({
        issuer: userIssuer(config.oidc),
        subject: account.id,
        email: account.email,
        name: account.name,
        picture: null,
        claims: { email: account.email, name: account.name },
        admin: role === 'admin',
      })
      await users.setRole(row.id, role)
      out.log(`created ${account.email} (${role})`)
    } else if (command === 'list') {
      for (const row of await users.listByRoles([...ROLES]))
        out.log(`${row.email}\t${row.role}\t${row.name}${row.disabledAt ? '\tdisabled' : ''}`)
    } else if (command === 'disable' && email) {
      for (const row of await usersOf(email)) await service.disable(operator, row.id)
      out.log(`${email} is disabled; its sessions are ended`)
    } else if (command === 'enable' && email) {
      for (const row of await usersOf(email)) await service.enable(row.id)
      out.log(`${email} is enabled`)
    } else if (command === 'delete' && email) {
      const rows = await users.findByEmail(email)
      for (const row of rows) await service.delete(operator, row.id)
      // An embedded account that never signed in to the app has no user row yet.
      const account = config.oidc.embedded ? await accounts.findByEmail(email) : undefined
      if (account) {
        await accounts.delete(account.id)
        await embedded.revokeSessions(account.id)
      }
      if (rows.length === 0 && !account) throw new Error(`no user with e-mail ${email}`)
      out.log(`${email} is deleted with its data`)
    } else if (command === 'reset-password' && email) {
      if (!config.oidc.embedded)
        throw new Error('reset-password works with the embedded identity provider only')
      const account = await accounts.findByEmail(email)
      if (!account) throw new Error(`no account with e-mail ${email}`)
      if (values.password !== undefined) {
        await accounts.setPassword(account, values.password)
        await embedded.revokeSessions(account.id)
        out.log(`the password of ${account.email} is changed; its sessions are ended`)
      } else {
        const token = await accounts.createToken(account.id, 'reset', RESET_TOKEN_TTL_MS)
        out.log(
          `Send this link to ${account.email}; it works once, for one hour:\n${config.oidc.issuer}/reset/${token}`,
        )
      }
    } else {
      out.error(USAGE)
      return 2
    }
    return 0
  } catch (err) {
    out.error(`error: ${toMessage(err)}`)
    return 1
  }
}
