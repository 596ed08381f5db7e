import type { UserProfile } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from 'oidc-client-ts'
import { call } from '../api-client'
import { callKey } from '../query-keys'
import { useAuth } from './auth-context'

/** Standard technical claims left out of the profile we send (spec §3). */
const TECHNICAL_CLAIMS = new Set([
  'iss',
  'aud',
  'exp',
  'iat',
  'nbf',
  'jti',
  'nonce',
  'at_hash',
  'c_hash',
  's_hash',
  'sid',
  'auth_time',
  'azp',
  'acr',
  'amr',
  'session_state',
  'updated_at',
])

export function authUserClaims(user: User | null): Record<string, unknown> {
  if (!user) return {}
  return Object.fromEntries(
    Object.entries(user.profile).filter(([key]) => !TECHNICAL_CLAIMS.has(key)),
  )
}

const STORED_PROFILE = 'che.profile'

/**
 * POST /api/users/sync. The last profile is kept in local storage and used while offline, so the
 * app's pages (offline practice, issue 13.3) still open after a reload without a connection.
 */
async function syncProfile(user: User | null): Promise<UserProfile> {
  // The contract's schemas load when a signed-in user needs them (decision 039).
  const { api, UserProfile } = await import('@che/core')
  try {
    const profile = await call(api.usersSync, { body: { authUser: authUserClaims(user) } })
    localStorage.setItem(STORED_PROFILE, JSON.stringify(profile))
    return profile
  } catch (error) {
    const stored = localStorage.getItem(STORED_PROFILE)
    if (!navigator.onLine && stored) {
      const profile = UserProfile.safeParse(JSON.parse(stored))
      if (profile.success && (!user || profile.data.email === user.profile.email))
        return profile.data
    }
    throw error
  }
}

/** Sign-out forgets the kept profile. */
export function forgetStoredProfile(): void {
  localStorage.removeItem(STORED_PROFILE)
}

export const profileQuery = (user: User | null) =>
  queryOptions({
    queryKey: callKey('usersSync'),
    queryFn: (): Promise<UserProfile> => syncProfile(user),
    staleTime: Infinity,
  })

/** The signed-in user's profile, synced once per session (POST /api/users/sync). */
export function useProfile() {
  const { authenticated, user } = useAuth()
  return useQuery({ ...profileQuery(user), enabled: authenticated })
}

export const PROFILE_FALLBACK_ERROR = 'Failed to sync profile'
