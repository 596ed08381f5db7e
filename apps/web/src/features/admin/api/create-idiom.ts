import { api } from '@che/core'
import type { IdiomFields } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { invalidateIdiomQueries } from './idiom-keys'

/** POST /api/admin/idiom: create an idiom; resolves to the stored idiom (with its id). */
export function useCreateIdiom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (fields: IdiomFields) => call(api.adminIdiomCreate, { body: fields }),
    meta: { handlesError: true },
    onSuccess: () => invalidateIdiomQueries(queryClient),
  })
}
