import { api } from '@che/core'
import type { ProblemType } from '@che/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../../lib/api-client'
import { callKey } from '../../../../lib/query-keys'

export const BUG_REPORTS_FALLBACK_ERROR = 'Failed to fetch bug reports'

export interface BugReportFilter {
  status: 'open' | 'closed' | 'all'
  type: ProblemType | ''
}

const queryOf = (f: BugReportFilter) => ({ status: f.status, ...(f.type ? { type: f.type } : {}) })

/** GET /api/admin/bugreports?status=&type=: stored bug reports, newest first. */
export const bugReportsQuery = (filter: BugReportFilter) =>
  queryOptions({
    queryKey: callKey('adminBugReportsList', queryOf(filter)),
    queryFn: ({ signal }) => call(api.adminBugReportsList, { query: queryOf(filter), signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })

export const useBugReports = (filter: BugReportFilter) => useQuery(bugReportsQuery(filter))
