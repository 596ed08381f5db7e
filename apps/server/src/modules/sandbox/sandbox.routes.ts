import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { warmEvaluator } from '../../lib/evaluator-module.js'
import { registerEndpoint } from '../../plugins/contract.js'
import { syncedUser } from '../exercises/exercises.routes.js'

export function registerSandboxRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const sandbox = ctx.services.sandbox
  registerEndpoint(app, contract, api.sandboxNext, ({ caller, body }) => {
    warmEvaluator()
    return sandbox.next(syncedUser(caller), body)
  })
  registerEndpoint(app, contract, api.sandboxEvaluate, ({ caller, body }) => {
    syncedUser(caller)
    return sandbox.evaluate(body)
  })
}
