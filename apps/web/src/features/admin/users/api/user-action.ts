import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../../lib/api-client'
import { callKey } from '../../../../lib/query-keys'

export type UserAction = 'disable' | 'enable' | 'delete'

export const ACTION_FALLBACK_ERROR: Record<UserAction, string> = {
  disable: 'Failed to disable the account',
  enable: 'Failed to enable the account',
  delete: 'Failed to delete the account',
}

const ENDPOINT = {
  disable: api.adminUserDisable,
  enable: api.adminUserEnable,
  delete: api.adminUserDelete,
} as const

/** POST /api/admin/users/:id/disable|enable|delete; the list is fetched again afterwards. */
export function useUserAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) =>
      call(ENDPOINT[action], { params: { id } }),
    meta: { handlesError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKey('adminUsersList') }),
  })
}
