import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../../lib/api-client'
import { callKey } from '../../../../lib/query-keys'

/** POST /api/editor/assign {idiomId, source}: give an idiom to an editor to record. */
export function useAssignIdiom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { idiomId: string; source: string }) => call(api.editorAssign, { body }),
    meta: { handlesError: true },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: callKey('editorAssignmentReports') }),
  })
}
