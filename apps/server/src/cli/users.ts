import { parseArgs } from 'node:util'
import { ROLES, type Role } from '@che/core'
import { loadConfig } from '../config.js'
import { openDatabase } from '../db/client.js'
import { toMessage } from '../errors.js'
import { createAccountsRepo } from '../idp/accounts.js'
import { createUsersRepo } from '../modules/users/users.repo.js'
import { userIssuer } from '../plugins/auth.js'

const USAGE = `Usage:
  npm run users -- set-role <email> <learner|editor|admin>
  npm run users -- create <email> --name <name> --password <password> [--role <role>]
  npm run users -- list`

function parseRole(value: string | undefined): Role {
  if (!value || !(ROLES as readonly string[]).includes(value)) {
    throw new Error(`role must be one of ${ROLES.join(', ')}`)
  }
  return value as Role
}

/** Operators' and tests' tool for accounts and roles (works on the configured database). */
async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
  })
  const [command, email] = positionals
  const config = loadConfig()
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  const users = createUsersRepo(database.db)
  try {
    if (command === 'set-role' && email) {
      const role = parseRole(positionals[2])
      const rows = await users.findByEmail(email)
      if (rows.length === 0)
        throw new Error(`no user with e-mail ${email} (they must sign in once first)`)
      for (const row of rows) await users.setRole(row.id, role)
      console.log(`${email} is now ${role}`)
    } else if (command === 'create' && email) {
      if (!config.oidc.embedded)
        throw new Error('create works with the embedded identity provider only')
      const role = parseRole(values.role ?? 'learner')
      // The operator vouches for the address, so it counts as verified (ADMIN_EMAILS relies on it).
      const account = await createAccountsRepo(database.db).create(
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
      console.log(`created ${account.email} (${role})`)
    } else if (command === 'list') {
      for (const row of await users.listByRoles([...ROLES]))
        console.log(`${row.email}\t${row.role}\t${row.name}`)
    } else {
      console.error(USAGE)
      process.exitCode = 2
    }
  } catch (err) {
    console.error(`error: ${toMessage(err)}`)
    process.exitCode = 1
  } finally {
    await database.close()
  }
}

void main(process.argv.slice(2))
