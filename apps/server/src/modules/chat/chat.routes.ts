import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint } from '../../plugins/contract.js'

export function registerChatRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const service = ctx.services.chat
  registerEndpoint(app, contract, api.helpChat, ({ body }) => service.ask(body.question), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  })
}
