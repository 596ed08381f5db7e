import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const ACCOUNT_FALLBACK_ERROR = 'Failed to load your account'

/** GET /api/account: whether the password can be changed here, and a pending admin set-up. */
export const accountQuery = () =>
  queryOptions({
    queryKey: callKey('accountInfo'),
    queryFn: ({ signal }) => call(api.accountInfo, { signal }),
  })

export const useAccountInfo = () => useQuery(accountQuery())
