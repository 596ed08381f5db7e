import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { unauthenticated } from '../../errors.js'
import { registerEndpoint } from '../../plugins/contract.js'

export function registerBugReportsRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const service = ctx.services.bugReports

  registerEndpoint(app, contract, api.reportBug, async ({ body, caller, request }) => {
    const user = caller?.user
    if (!user) throw unauthenticated('Sign in again: your profile is not synced yet')
    const userAgent = request.headers['user-agent'] ?? ''
    return service.file({ id: user.id, name: user.name, email: user.email }, body, userAgent)
  })
  registerEndpoint(app, contract, api.reportBugAsVisitor, ({ body, request }) =>
    service.fileFromVisitor(body, {
      address: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    }),
  )
  registerEndpoint(app, contract, api.adminBugReportsList, ({ query }) => service.list(query))
  registerEndpoint(app, contract, api.adminBugReportClose, ({ params }) => service.close(params.id))
}
