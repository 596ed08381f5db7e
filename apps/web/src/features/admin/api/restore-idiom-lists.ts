import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { invalidateIdiomQueries } from './idiom-keys'

/**
 * POST /api/admin/idiom/restore-lists: give a library idiom whose lists an admin edited the
 * library's current meanings and literals again (decision 065). Errors show as a notification.
 */
export function useRestoreIdiomLists() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (idiomId: string) => call(api.adminIdiomRestoreLists, { body: { idiomId } }),
    meta: { errorFallback: 'The library lists could not be restored.' },
    onSuccess: () => invalidateIdiomQueries(queryClient),
  })
}
