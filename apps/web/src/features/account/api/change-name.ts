import { api, type NameChange } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const NAME_FALLBACK_ERROR = 'Failed to change your name'

/** POST /api/account/name: the profile it answers replaces the synced one (header, avatar). */
export function useChangeName() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NameChange) => call(api.accountName, { body }),
    meta: { handlesError: true },
    onSuccess: (profile) => {
      queryClient.setQueryData(callKey('usersSync'), profile)
    },
  })
}
