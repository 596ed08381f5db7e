import { api } from '@che/core'
import type { IdiomFields } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { invalidateIdiomQueries } from './idiom-keys'

export const BATCH_CREATE_FALLBACK_ERROR = 'Failed to batch create idioms'

/** POST /api/admin/idioms: batch-create idioms in one transaction; duplicates are reported. */
export function useCreateIdioms() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (idioms: IdiomFields[]) => call(api.adminIdiomsCreate, { body: { idioms } }),
    meta: { handlesError: true },
    onSuccess: () => invalidateIdiomQueries(queryClient),
  })
}
