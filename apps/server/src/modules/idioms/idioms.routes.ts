import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint } from '../../plugins/contract.js'

export function registerIdiomsRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const idioms = ctx.services.idioms
  registerEndpoint(app, contract, api.idiomTones, () => idioms.tones())
  registerEndpoint(app, contract, api.idiomsList, ({ query }) =>
    query.full === 'true' ? idioms.full() : idioms.summaries(),
  )
  registerEndpoint(app, contract, api.idiomGet, ({ params }) => idioms.get(params.id))
  registerEndpoint(app, contract, api.adminIdiomCreate, ({ body }) => idioms.create(body))
  registerEndpoint(app, contract, api.adminIdiomUpdate, ({ body: { idiomId, ...changes } }) =>
    idioms.update(idiomId, changes),
  )
}
