import { api, type Role } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../../lib/api-client'
import { callKey } from '../../../../lib/query-keys'

export const ROLE_FALLBACK_ERROR = 'Failed to change the role'

/** POST /api/admin/users/:id/role; the list is fetched again afterwards. */
export function useSetRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      call(api.adminUserRole, { params: { id }, body: { role } }),
    meta: { handlesError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKey('adminUsersList') }),
  })
}
