import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export { SETTINGS_FALLBACK_ERROR } from '../../../lib/queries/settings'

export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: callKey('settingsGet', {}, 'admin'),
    queryFn: async ({ signal }) => (await call(api.settingsGet, { signal })).settings ?? {},
    staleTime: 0,
  })

/** GET /api/settings as an admin: the whole key-value map. */
export const useAdminSettings = () => useQuery(adminSettingsQuery())
