import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const CLAIM_FALLBACK_ERROR = 'Failed to check the set-up code'

/** POST /api/setup/admin: the one-time set-up code of an exposed install makes the caller admin. */
export function useClaimAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => call(api.adminSetup, { body: { code } }),
    meta: { handlesError: true },
    onSuccess: async (profile) => {
      queryClient.setQueryData(callKey('usersSync'), profile)
      await queryClient.invalidateQueries({ queryKey: callKey('accountInfo') })
    },
  })
}
