import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call, callKey } from '../api-client'

export const SETTINGS_FALLBACK_ERROR = 'Failed to fetch settings'

/**
 * GET /api/settings under the call's own key; the admin view of the same call keys below it
 * (features/admin/api/get-settings.ts), so invalidating this key refreshes both.
 */
export const settingsQuery = () =>
  queryOptions({
    queryKey: callKey(api.settingsGet),
    queryFn: ({ signal }) => call(api.settingsGet, { signal }),
    staleTime: 5 * 60_000,
  })

/** inBeta and betaVerified for everyone (the whole map for admins). */
export const useSettings = () => useQuery(settingsQuery())
