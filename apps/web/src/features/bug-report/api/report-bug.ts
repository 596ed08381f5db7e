import { api } from '@che/core'
import type { BugReportInput } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const REPORT_BUG_FALLBACK_ERROR = 'Failed to send the bug report'

/** POST /api/admin/reportbug: file a bug report (any signed-in user may). */
export function useReportBug() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: BugReportInput) => call(api.reportBug, { body: input }),
    meta: { handlesError: true },
    // Admins looking at the bug list see the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey('adminBugReportsList') }),
  })
}
