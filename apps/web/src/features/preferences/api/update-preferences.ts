import { api } from '@che/core'
import type { PreferenceFilter, UserProfile } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { PROFILE_KEY } from '../../../lib/auth/profile'
import { NEXT_EXERCISE_KEY, STATS_KEY } from '../../../components/exercise/query-keys'

export const PREFERENCES_FALLBACK_ERROR = 'Failed to save your preferences'

export interface PreferencesChange {
  filter?: Partial<PreferenceFilter>
  getNextExample?: string
}

/** The profile with a change merged in: filter values go into the existing filter (spec §4). */
export function mergePreferences(profile: UserProfile, change: PreferencesChange): UserProfile {
  return {
    ...profile,
    preferences: {
      ...profile.preferences,
      filter: { ...profile.preferences.filter, ...change.filter },
      ...(change.getNextExample !== undefined ? { getNextExample: change.getNextExample } : {}),
    },
  }
}

/**
 * POST /api/users/preferences. Applies the change to the ['profile'] query at once, then syncs;
 * on failure the profile goes back to what it was and the error is left to the screen.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: PreferencesChange) => call(api.usersPreferences, { body: { preferences: change } }),
    meta: { handlesError: true },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: PROFILE_KEY })
      const previous = queryClient.getQueryData<UserProfile>(PROFILE_KEY)
      if (previous) queryClient.setQueryData<UserProfile>(PROFILE_KEY, mergePreferences(previous, change))
      return { previous }
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(PROFILE_KEY, context.previous)
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_KEY, profile)
    },
    onSettled: () => {
      // The filter decides what comes next and what counts as new.
      void queryClient.invalidateQueries({ queryKey: STATS_KEY })
      void queryClient.removeQueries({ queryKey: NEXT_EXERCISE_KEY })
    },
  })
}
