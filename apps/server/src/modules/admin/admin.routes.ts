import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint } from '../../plugins/contract.js'

export function registerAdminRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  registerEndpoint(app, contract, api.adminResetCaches, async ({ request }) => {
    const cleared = await ctx.caches.clearAll()
    request.log.info({ cleared }, 'caches cleared')
    return { ok: true as const, cleared }
  })
}
