import { api } from '@che/core'
import type { PreferenceFilter, UserProfile } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const PREFERENCES_FALLBACK_ERROR = 'Failed to save your preferences'

export interface PreferencesChange {
  filter?: Partial<PreferenceFilter>
  getNextExample?: string
  /** How many due exercises this browser keeps for offline practice. */
  offlineExercises?: number
}

/** The profile with a change merged in: filter values go into the existing filter (spec §4). */
export function mergePreferences(profile: UserProfile, change: PreferencesChange): UserProfile {
  return {
    ...profile,
    preferences: {
      ...profile.preferences,
      filter: { ...profile.preferences.filter, ...change.filter },
      ...(change.getNextExample !== undefined ? { getNextExample: change.getNextExample } : {}),
      ...(change.offlineExercises !== undefined
        ? { offlineExercises: change.offlineExercises }
        : {}),
    },
  }
}

const MUTATION_KEY = callKey('usersPreferences')
const PROFILE_KEY = callKey('usersSync')

interface Update {
  change: PreferencesChange
  /** The profile before this change, to roll back to. */
  previous: UserProfile | undefined
}

/**
 * POST /api/users/preferences. `update` applies the change to the profile query (callKey('usersSync')) at once
 * (synchronously, so a radio or select shows the choice in the same frame), then syncs; on
 * failure the profile goes back to what it was and the error is left to the screen.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: ({ change }: Update) =>
      call(api.usersPreferences, { body: { preferences: change } }),
    meta: { handlesError: true },
    onError: (_error, { previous }) => {
      if (previous) queryClient.setQueryData(PROFILE_KEY, previous)
    },
    onSuccess: (profile) => {
      // A later change still on its way keeps its optimistic value until its own answer.
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) <= 1)
        queryClient.setQueryData(PROFILE_KEY, profile)
    },
    onSettled: () => {
      // The filter decides what comes next and what counts as new.
      void queryClient.invalidateQueries({ queryKey: callKey('exercisesStats') })
      queryClient.removeQueries({ queryKey: callKey('exercisesNext') })
    },
  })

  const update = (change: PreferencesChange) => {
    // A profile sync still in flight must not overwrite the change with older data.
    if (queryClient.isFetching({ queryKey: PROFILE_KEY }) > 0) {
      void queryClient.cancelQueries({ queryKey: PROFILE_KEY }, { revert: false })
    }
    const previous = queryClient.getQueryData<UserProfile>(PROFILE_KEY)
    if (previous)
      queryClient.setQueryData<UserProfile>(PROFILE_KEY, mergePreferences(previous, change))
    mutation.mutate({ change, previous })
  }

  return { ...mutation, update }
}
