import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../../lib/api-client'
import { callKey } from '../../../../lib/query-keys'

export const USERS_FALLBACK_ERROR = 'Failed to fetch the accounts'

/** GET /api/admin/users: every account, by name. */
export const usersQuery = () =>
  queryOptions({
    queryKey: callKey('adminUsersList'),
    queryFn: ({ signal }) => call(api.adminUsersList, { signal }),
    staleTime: 0,
  })

export const useUsers = () => useQuery(usersQuery())
