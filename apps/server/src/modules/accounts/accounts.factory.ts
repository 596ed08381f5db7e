import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { createEmbeddedAccounts, type EmbeddedAccounts } from '../../idp/embedded-accounts.js'
import { userIssuer } from '../../plugins/auth.js'
import type { UsersRepo } from '../users/users.repo.js'
import { createUserAccountsRepo, type UserAccountsRepo } from './accounts.repo.js'
import { createUserAccountsService } from './accounts.service.js'

/**
 * The accounts service as the API (app.ts) and the users CLI both build it, so an operator's
 * command keeps the rules the admin endpoints keep. When the embedded provider runs
 * (`config.oidc.embedded`) the service manages its accounts (the users of `userIssuer`): the
 * provider's own `embedded`, or ones made on `db` (the CLI, which runs no provider).
 */
export function buildUserAccountsService(deps: {
  config: Pick<Config, 'oidc' | 'adminEmails'>
  db: Db
  users: UsersRepo
  embedded?: EmbeddedAccounts | undefined
  /** The repo the caller also reads (app.ts asks it whether there is an admin yet). */
  repo?: UserAccountsRepo
  adminSetupCode?: string | undefined
  clock: () => Date
}) {
  const { config } = deps
  if (deps.embedded && !config.oidc.embedded)
    throw new Error('embedded accounts given, but the embedded identity provider is off')
  const embedded = config.oidc.embedded
    ? (deps.embedded ?? createEmbeddedAccounts(deps.db))
    : undefined
  return createUserAccountsService({
    repo: deps.repo ?? createUserAccountsRepo(deps.db),
    users: deps.users,
    idp: embedded && { issuer: userIssuer(config.oidc), ...embedded },
    adminEmails: config.adminEmails,
    adminSetupCode: deps.adminSetupCode,
    clock: deps.clock,
  })
}
