import type { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../api-client'
import type { ResponseOf } from '../api-client'
import { callKey } from '../query-keys'

export const SETTINGS_FALLBACK_ERROR = 'Failed to fetch settings'

/** The last answer, so the gate lets a verified visitor through while offline (issue 13.3). */
const STORED = 'che.betaGate'

async function fetchSettings(signal: AbortSignal): Promise<ResponseOf<typeof api.settingsGet>> {
  const { api } = await import('@che/core')
  try {
    const settings = await call(api.settingsGet, { signal })
    localStorage.setItem(
      STORED,
      JSON.stringify({ inBeta: settings.inBeta, betaVerified: settings.betaVerified }),
    )
    return settings
  } catch (error) {
    const stored = localStorage.getItem(STORED)
    if (!navigator.onLine && stored) {
      const parsed = api.settingsGet.response.safeParse(JSON.parse(stored))
      if (parsed.success) return parsed.data
    }
    throw error
  }
}

/**
 * GET /api/settings under the call's own key; the admin view of the same call keys below it
 * (features/admin/api/get-settings.ts), so invalidating this key refreshes both.
 */
export const settingsQuery = () =>
  queryOptions({
    queryKey: callKey('settingsGet'),
    queryFn: ({ signal }) => fetchSettings(signal),
    staleTime: 5 * 60_000,
  })

/** inBeta and betaVerified for everyone (the whole map for admins). */
export const useSettings = () => useQuery(settingsQuery())
