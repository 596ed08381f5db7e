import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { registerEndpoint } from '../../plugins/contract.js'
import { syncedUser } from '../exercises/exercises.routes.js'

export function registerReportsRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const reports = ctx.services.reports
  registerEndpoint(app, contract, api.reportsList, ({ caller, query }) =>
    reports.list(syncedUser(caller).id, { generate: query.generate === '1', timeZone: query.tz }),
  )
  registerEndpoint(app, contract, api.reportGet, ({ caller, params }) =>
    reports.get(syncedUser(caller).id, params.id),
  )
}
