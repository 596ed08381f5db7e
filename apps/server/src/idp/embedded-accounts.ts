import type { Db } from '../db/client.js'
import { type AccountsRepo, createAccountsRepo } from './accounts.js'
import { revokeAccountPayloads } from './adapter.js'

/** What the embedded provider lends account management: its accounts and ending their sessions. */
export interface EmbeddedAccounts {
  accounts: AccountsRepo
  /** Signs an account out everywhere: sessions, grants and refresh tokens end. */
  revokeSessions(accountId: string): Promise<void>
}

/**
 * The embedded provider's accounts on one database. The provider (idp.ts) and the users CLI,
 * which runs without the provider, both take them from here.
 */
export function createEmbeddedAccounts(db: Db): EmbeddedAccounts {
  return {
    accounts: createAccountsRepo(db),
    async revokeSessions(accountId) {
      await revokeAccountPayloads(db, accountId)
    },
  }
}
