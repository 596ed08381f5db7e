import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'

export const SETTINGS_FALLBACK_ERROR = 'Failed to fetch settings'

export const settingsQuery = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => call(api.settingsGet, { signal }),
    staleTime: 5 * 60_000,
  })

/** GET /api/settings: inBeta and betaVerified for everyone (the whole map for admins). */
export const useSettings = () => useQuery(settingsQuery())
