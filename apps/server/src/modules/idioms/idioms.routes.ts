import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint, type Caller } from '../../plugins/contract.js'

export function registerIdiomsRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const idioms = ctx.services.idioms
  registerEndpoint(app, contract, api.idiomTones, () => idioms.tones())
  const viewer = (caller: Caller | undefined) =>
    caller?.user ? { userId: caller.user.id, role: caller.role } : undefined
  registerEndpoint(app, contract, api.idiomsList, ({ query, caller }) =>
    query.full === 'true' ? idioms.full(viewer(caller)) : idioms.summaries(),
  )
  registerEndpoint(app, contract, api.idiomGet, ({ params, caller }) =>
    idioms.get(params.id, viewer(caller)),
  )
  registerEndpoint(app, contract, api.adminIdiomCreate, ({ body }) => idioms.create(body))
  registerEndpoint(app, contract, api.adminIdiomUpdate, ({ body: { idiomId, ...changes } }) =>
    idioms.update(idiomId, changes),
  )
  registerEndpoint(app, contract, api.adminIdiomRestoreLists, async ({ body, caller }) => {
    await ctx.services.content.restoreLists(body.idiomId)
    return idioms.get(body.idiomId, viewer(caller))
  })
}
