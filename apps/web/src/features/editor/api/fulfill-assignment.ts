import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { upload } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export interface FulfillInput {
  idiomId: string
  transcription: string
  /** Admins only; editors leave it out (the server refuses a changed one from them). */
  conjugatedSnippet?: string
  /** Whose voice the take is: an admin may name any editor, an editor only themselves. */
  editor?: string
  /** The new take (recorded or uploaded); null keeps the current recording. */
  audio: File | null
}

/** POST /api/editor/fulfill (multipart): transcription, snippet, voice and the audio file. */
export function useFulfillAssignment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ audio, ...fields }: FulfillInput) =>
      upload(api.editorFulfill, { fields, file: audio }),
    meta: { handlesError: true },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: callKey('editorAssignmentReports') }),
  })
}
