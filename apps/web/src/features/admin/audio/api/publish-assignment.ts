import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../../lib/api-client'
import { invalidateIdiomQueries } from '../../api/idiom-keys'
import { callKey } from '../../../../lib/query-keys'

/** POST /api/editor/publish {idiomId, assign: sync}: learners hear that version from now on. */
export function usePublishAssignment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { idiomId: string; assign: number }) => call(api.editorPublish, { body }),
    meta: { handlesError: true },
    // Publishing changes the idiom's example (its text and audio) as well.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: callKey('editorAssignmentReports') }),
        invalidateIdiomQueries(queryClient),
      ]),
  })
}
