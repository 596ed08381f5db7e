import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint } from '../../plugins/contract.js'

export function registerPromptsRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const prompts = ctx.services.prompts
  registerEndpoint(app, contract, api.adminPromptsGet, async () => ({
    prompts: await prompts.all(),
  }))
  registerEndpoint(app, contract, api.adminPromptsSave, async ({ body }) => ({
    prompts: await prompts.replace(body.prompts),
  }))
}
