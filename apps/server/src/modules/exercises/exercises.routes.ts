import { api } from '@che/core'
import { z } from 'zod'
import type { AppContext } from '../../app-context.js'
import { unauthenticated } from '../../errors.js'
import { warmEvaluator } from '../../lib/evaluator-module.js'
import { type Caller, JsonBytes, registerEndpoint } from '../../plugins/contract.js'
import type { UserRow } from '../users/users.repo.js'
import type { EarlyAttempt } from './exercises.service.js'

/** The caller's user row; the learning loop needs a synced profile (POST /api/users/sync). */
export function syncedUser(caller: Caller | undefined): UserRow {
  if (!caller?.user) throw unauthenticated('Sign in again: your profile is not synced yet')
  return caller.user
}

const AttemptId = z.string().uuid()

export function registerExercisesRoutes(ctx: AppContext): void {
  const { app, contract } = ctx
  const exercises = ctx.services.exercises
  // Evaluate first reads the answer's attempt id (a repeated submit gets what was stored). That
  // read starts as soon as the token is verified, beside the caller's check instead of after it
  // (one wait fewer under load, decision 050); it is used only for the caller it was made for.
  const earlyAttempts = new WeakMap<object, EarlyAttempt>()
  // Each passes its request as the scope of the cache versions read while authenticating it, so
  // the library is checked against that read instead of a second one (decision 045, session 8).
  registerEndpoint(app, contract, api.exercisesStats, ({ caller, query, request }) =>
    exercises.stats(syncedUser(caller), query.tz, request),
  )
  // A long-time learner's calendar is large (≈ 160 KB for 830 cards): written as bytes card by
  // card, and kept while current (decision 069).
  registerEndpoint(
    app,
    contract,
    api.exercisesCalendar,
    async ({ caller, request }) =>
      new JsonBytes(await exercises.calendar(syncedUser(caller), request)),
  )
  registerEndpoint(app, contract, api.exercisesNext, ({ caller, query, request }) => {
    warmEvaluator()
    return exercises.next(syncedUser(caller), query, request)
  })
  registerEndpoint(app, contract, api.exercisesOffline, ({ caller, query, request }) =>
    exercises.offline(syncedUser(caller), query.limit, request),
  )
  registerEndpoint(
    app,
    contract,
    api.exercisesEvaluate,
    ({ caller, body, request }) => {
      const user = syncedUser(caller)
      const early = earlyAttempts.get(request)
      return exercises.evaluate(user, body, request, early?.userId === user.id ? early : undefined)
    },
    {
      early(request, userId) {
        // The body is not validated yet: only a well-formed attempt id is read early.
        const attemptId = (request.body as { attemptId?: unknown } | null)?.attemptId
        if (!AttemptId.safeParse(attemptId).success) return
        earlyAttempts.set(request, {
          userId,
          ...exercises.readAttemptEarly(userId, attemptId as string),
        })
      },
    },
  )
}
