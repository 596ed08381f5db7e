import { api } from '@che/core'
import type { AppContext } from '../../app-context.js'
import { unauthenticated } from '../../errors.js'
import { warmEvaluator } from '../../lib/evaluator-module.js'
import { registerEndpoint, type Caller } from '../../plugins/contract.js'
import type { UserRow } from '../users/users.repo.js'

/** The caller's user row; the learning loop needs a synced profile (POST /api/users/sync). */
export function syncedUser(caller: Caller | undefined): UserRow {
  if (!caller?.user) throw unauthenticated('Sign in again: your profile is not synced yet')
  return caller.user
}

export function registerExercisesRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const exercises = ctx.services.exercises
  registerEndpoint(app, contract, api.exercisesStats, ({ caller, query }) =>
    exercises.stats(syncedUser(caller), query.tz),
  )
  registerEndpoint(app, contract, api.exercisesCalendar, ({ caller }) =>
    exercises.calendar(syncedUser(caller)),
  )
  registerEndpoint(app, contract, api.exercisesNext, ({ caller, query }) => {
    warmEvaluator()
    return exercises.next(syncedUser(caller), query)
  })
  registerEndpoint(app, contract, api.exercisesOffline, ({ caller, query }) =>
    exercises.offline(syncedUser(caller), query.limit),
  )
  registerEndpoint(app, contract, api.exercisesEvaluate, ({ caller, body }) =>
    exercises.evaluate(syncedUser(caller), body),
  )
}
