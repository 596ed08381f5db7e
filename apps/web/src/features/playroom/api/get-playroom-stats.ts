import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { STATS_KEY } from '../../../lib/query-keys'
import { browserTimeZone } from '../../../lib/time-zone'

export const PLAYROOM_STATS_FALLBACK_ERROR = 'Failed to fetch your calendar stats'

/**
 * GET /api/exercises/stats: whether the Playroom has anything to drill (numSandboxes) and is
 * unlocked (upToDate), before it offers Start. Same key as the dashboard's, so one cache.
 */
export const playroomStatsQuery = (tz: string | undefined = browserTimeZone()) =>
  queryOptions({
    queryKey: [...STATS_KEY, tz ?? ''],
    queryFn: ({ signal }) => call(api.exercisesStats, { query: { tz }, signal }),
    staleTime: 0,
  })

export const usePlayroomStats = () => useQuery(playroomStatsQuery())
