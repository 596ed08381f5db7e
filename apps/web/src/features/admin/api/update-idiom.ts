import { api } from '@che/core'
import type { IdiomChanges } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { invalidateIdiomQueries } from './idiom-keys'

/** POST /api/admin/idiom/update: change fields of an idiom (absent = unchanged). */
export function useUpdateIdiom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: IdiomChanges & { idiomId: string }) =>
      call(api.adminIdiomUpdate, { body: changes }),
    meta: { handlesError: true },
    onSuccess: () => invalidateIdiomQueries(queryClient),
  })
}
