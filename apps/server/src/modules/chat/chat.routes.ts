import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint } from '../../plugins/contract.js'
import { loadHelpSections } from './chat.content.js'
import { createIdiomLookup } from './chat.idioms.js'
import { createChatModel } from './chat.llm.js'
import { createChatService } from './chat.service.js'

export function registerChatRoutes(ctx: AppContext): void {
  const { app, contract, config } = ctx
  const service = createChatService({
    sections: loadHelpSections(),
    model: config.llm ? createChatModel(config.llm) : undefined,
    prompt: () => ctx.services.prompts.get('chat'),
    log: app.log,
    idiom: createIdiomLookup(ctx.database.db),
  })
  registerEndpoint(app, contract, api.helpChat, ({ body }) => service.ask(body.question), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  })
}
