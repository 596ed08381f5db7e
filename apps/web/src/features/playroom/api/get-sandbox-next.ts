import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'
import { browserTimeZone } from '../../../lib/time-zone'

export const SANDBOX_FALLBACK_ERROR = 'Failed to fetch a Playroom exercise'

/**
 * POST /api/sandbox/next: an example with words the learner missed; one per round, never `after`
 * (the sentence just drilled, whose answer the learner has just seen).
 */
export const sandboxNextQuery = (round: number, enabled: boolean, after?: string) =>
  queryOptions({
    queryKey: callKey('sandboxNext', { after }, round),
    queryFn: ({ signal }) =>
      call(api.sandboxNext, {
        body: { tz: browserTimeZone(), ...(after ? { after } : {}) },
        signal,
      }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })

export const useSandboxNext = (round: number, enabled: boolean, after?: string) =>
  useQuery(sandboxNextQuery(round, enabled, after))
