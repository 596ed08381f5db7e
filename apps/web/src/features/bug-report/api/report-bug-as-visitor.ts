import { api } from '@che/core'
import type { VisitorBugReportInput } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const REPORT_PROBLEM_FALLBACK_ERROR = 'Failed to send the problem report'

/** POST /api/bug-reports/public: a visitor without an account reports a problem. */
export function useReportBugAsVisitor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: VisitorBugReportInput) => call(api.reportBugAsVisitor, { body: input }),
    meta: { handlesError: true },
    // An admin who filed a test report from this page sees it in the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey('adminBugReportsList') }),
  })
}
