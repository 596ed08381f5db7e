import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { browserTimeZone } from '../../../lib/time-zone'
import { call } from '../../../lib/api-client'
import { REPORTS_KEY } from './get-reports'

export const GENERATE_FALLBACK_ERROR = 'Failed to generate a report'

/**
 * GET /api/reports?generate=1: generate a report from the reviews so far (in the learner's time
 * zone, for weeks, streaks and parts of day). The answer is the whole new report set.
 */
export function useGenerateReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(api.reportsList, { query: { generate: '1', tz: browserTimeZone() } }),
    meta: { handlesError: true },
    onSuccess: (set) => queryClient.setQueryData(REPORTS_KEY, set),
  })
}
