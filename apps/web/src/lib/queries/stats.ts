import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../api-client'
import { callKey } from '../query-keys'
import { browserTimeZone } from '../time-zone'

export const STATS_FALLBACK_ERROR = 'Failed to fetch your calendar stats'

/**
 * GET /api/exercises/stats?tz=…: the schedule stats of the learner's day. The dashboard reads
 * them, and so does the Playroom (numSandboxes, upToDate) before it offers Start: one cache, which
 * an evaluated exercise invalidates.
 */
export const statsQuery = (tz: string | undefined = browserTimeZone()) =>
  queryOptions({
    queryKey: callKey('exercisesStats', { tz }),
    queryFn: ({ signal }) => call(api.exercisesStats, { query: { tz }, signal }),
    staleTime: 0,
  })

export const useStats = () => useQuery(statsQuery())
