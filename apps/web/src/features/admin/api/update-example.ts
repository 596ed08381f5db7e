import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { upload } from '../../../lib/api-client'
import { invalidateIdiomQueries } from './idiom-keys'

export interface ExampleUpdateInput {
  exampleId: string
  text: string
  conjugatedSnippet: string
  voice: string
  translation?: string | undefined
  /** Replaces the example's audio when given. */
  audio: File | null
}

/** POST /api/example/{id} (multipart): edit an example, optionally with a new audio file. */
export function useUpdateExample() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ exampleId, audio, ...fields }: ExampleUpdateInput) =>
      upload(api.exampleUpdate, { params: { id: exampleId }, fields, file: audio }),
    meta: { handlesError: true },
    onSuccess: () => invalidateIdiomQueries(queryClient),
  })
}
