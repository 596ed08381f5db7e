import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint } from '../../plugins/contract.js'
import { unauthenticated } from '../../errors.js'

export function registerUsersRoutes(ctx: AppContext): void {
  const { app, contract, services } = ctx
  registerEndpoint(app, contract, api.usersSync, async ({ body, caller }) =>
    services.users.sync(caller!.principal, body.authUser),
  )
  registerEndpoint(app, contract, api.usersPreferences, async ({ body, caller }) => {
    if (!caller?.user) throw unauthenticated('Sign in again: your profile is not synced yet')
    return services.users.updatePreferences(caller.user, body.preferences)
  })
}
