import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { unauthenticated } from '../../errors.js'
import { registerEndpoint, type Caller } from '../../plugins/contract.js'
import type { UserAccountsService } from './accounts.service.js'

/** The caller's user row; these calls need a synced profile. */
function userOf(caller: Caller | undefined) {
  if (!caller?.user) throw unauthenticated('Sign in again: your profile is not synced yet')
  return caller.user
}

export function registerAccountsRoutes(ctx: AppContext, accounts: UserAccountsService): void {
  const { app, contract } = ctx
  registerEndpoint(app, contract, api.accountInfo, ({ caller }) => accounts.info(userOf(caller)))
  registerEndpoint(
    app,
    contract,
    api.accountPassword,
    async ({ body, caller }) => {
      await accounts.changePassword(userOf(caller), body.currentPassword, body.newPassword)
      return { ok: true as const }
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  )
  registerEndpoint(
    app,
    contract,
    api.accountName,
    ({ body, caller }) => accounts.changeName(userOf(caller), body.name),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  )
  registerEndpoint(app, contract, api.accountExport, async ({ caller, reply }) => {
    const user = userOf(caller)
    const day = new Date().toISOString().slice(0, 10)
    void reply
      .header('content-disposition', `attachment; filename="che-idioms-data-${day}.json"`)
      .header('cache-control', 'no-store')
    return accounts.exportData(user)
  })
  registerEndpoint(app, contract, api.accountDelete, async ({ caller }) => {
    await accounts.deleteSelf(userOf(caller))
    return { ok: true as const }
  })
  registerEndpoint(
    app,
    contract,
    api.adminSetup,
    ({ body, caller }) => accounts.claimAdmin(userOf(caller), body.code),
    { rateLimit: { max: 5, timeWindow: '1 minute' } },
  )
  registerEndpoint(app, contract, api.adminUsersList, () => accounts.list())
  registerEndpoint(app, contract, api.adminUserDisable, ({ params, caller }) =>
    accounts.disable(userOf(caller), params.id),
  )
  registerEndpoint(app, contract, api.adminUserEnable, ({ params }) => accounts.enable(params.id))
  registerEndpoint(app, contract, api.adminUserRole, ({ params, body, caller }) =>
    accounts.setRole(userOf(caller), params.id, body.role),
  )
  registerEndpoint(app, contract, api.adminUserDelete, async ({ params, caller }) => {
    await accounts.delete(userOf(caller), params.id)
    return { ok: true as const }
  })
}
