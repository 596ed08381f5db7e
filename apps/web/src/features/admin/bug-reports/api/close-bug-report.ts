import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../../lib/api-client'
import { callKey } from '../../../../lib/query-keys'

export const CLOSE_FALLBACK_ERROR = 'Failed to close the bug report'

/** POST /api/admin/bugreports/:id/close; every filtered list may change, so all go stale. */
export function useCloseBugReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(api.adminBugReportClose, { params: { id } }),
    meta: { errorFallback: CLOSE_FALLBACK_ERROR },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey('adminBugReportsList') }),
  })
}
