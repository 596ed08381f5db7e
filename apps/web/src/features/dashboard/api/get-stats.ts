import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { STATS_KEY } from '../../../lib/query-keys'
import { browserTimeZone } from '../../../lib/time-zone'

export const STATS_FALLBACK_ERROR = 'Failed to fetch your calendar stats'

/** GET /api/exercises/stats?tz=…: the dashboard's schedule stats for the learner's day. */
export const statsQuery = (tz: string | undefined = browserTimeZone()) =>
  queryOptions({
    queryKey: [...STATS_KEY, tz ?? ''],
    queryFn: ({ signal }) => call(api.exercisesStats, { query: { tz }, signal }),
    staleTime: 0,
  })

export const useStats = () => useQuery(statsQuery())
