import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { browserTimeZone } from '../../../lib/time-zone'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const REPORTS_FALLBACK_ERROR = 'Failed to fetch your reports'

/** The key of the learner's report set; generating a report writes its answer here. */
export const REPORTS_KEY = callKey('reportsList')

/** GET /api/reports: the learner's reports (newest first) and the report state (spec §4). */
export const reportsQuery = () =>
  queryOptions({
    queryKey: REPORTS_KEY,
    queryFn: ({ signal }) => call(api.reportsList, { query: { tz: browserTimeZone() }, signal }),
    staleTime: 0,
  })

export const useReports = () => useQuery(reportsQuery())
