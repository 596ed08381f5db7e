import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { invalidateIdiomQueries } from './idiom-keys'

export const CREATE_EXAMPLE_FALLBACK_ERROR = 'Failed to create idiom example'

export interface ExampleCreateInput {
  idiomId: string
  text: string
  conjugatedSnippet: string
  translation: string
  source: string
}

/** POST /api/admin/idiom-examples: add an example to an idiom. */
export function useCreateExample() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ExampleCreateInput) => call(api.adminExampleCreate, { body }),
    meta: { handlesError: true },
    onSuccess: () => invalidateIdiomQueries(queryClient),
  })
}
