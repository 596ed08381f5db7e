import type { api, Endpoint } from '@che/core'
import type { QueryKey } from '@tanstack/react-query'
import type { z } from 'zod'

/**
 * Every TanStack Query key of the web app, built from the contract's call names (the keys of
 * `api` in packages/core): `['exercisesStats', { tz }]`. Two features that read or change the same
 * call meet on the same key without importing each other: the exercise screen invalidates
 * `callKey('exercisesStats')` and `callKey('exercisesCalendar')`, which the dashboard, the Playroom
 * and the calendar read.
 */

/** The name of a call in the contract table. */
export type CallName = keyof typeof api

type None = Record<never, never>
type Input<S> = [z.input<S>] extends [undefined] ? None : Exclude<z.input<S>, undefined>
type Parts<E> =
  E extends Endpoint<infer B, infer Q, infer P, z.ZodType> ? Input<P> & Input<Q> & Input<B> : None

/**
 * What tells two fetches of a call apart: its path parameters, query and (for the POST calls read
 * as queries) body fields, each optional; empty values ('', null, undefined) are left out of the key.
 */
export type KeyInput<N extends CallName> = {
  [K in keyof Parts<(typeof api)[N]>]?: Parts<(typeof api)[N]>[K] | '' | null
}

/**
 * The key of a call: its contract name, then its non-empty inputs, then any `local` parts that
 * are not sent (a round counter, a view of the same answer). A key is a prefix of every longer
 * key of the same call, so `callKey(name)` invalidates them all.
 */
export function callKey<N extends CallName>(
  name: N,
  input?: KeyInput<N>,
  ...local: (string | number)[]
): QueryKey {
  const key: unknown[] = [name]
  const kept = Object.entries(input ?? {}).filter(
    ([, v]) => v !== undefined && v !== null && v !== '',
  )
  if (kept.length > 0) key.push(Object.fromEntries(kept))
  key.push(...local)
  return key
}
