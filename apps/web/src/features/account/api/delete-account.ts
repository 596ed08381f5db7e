import { api, DELETE_CONFIRMATION } from '@che/core'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'

export const DELETE_FALLBACK_ERROR = 'Failed to delete your account'

/** POST /api/account/delete with the typed confirmation. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => call(api.accountDelete, { body: { confirm: DELETE_CONFIRMATION } }),
    meta: { handlesError: true },
  })
}
