import { api } from '@che/core'
import type { PreferenceFilter } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const NEXT_EXERCISE_FALLBACK_ERROR = 'Failed to fetch next exercise'
export const NO_DUE_IDIOMS = 'No due idioms available. Please try again later.'

export interface NextExerciseInput {
  filter: PreferenceFilter
  tz: string | undefined
  /** Bumped by Next Exercise, so each round is a fresh fetch. */
  round: number
}

/** GET /api/exercises/next with the learner's filter (empty values left out) and time zone. */
export const nextExerciseQuery = ({ filter, tz, round }: NextExerciseInput) =>
  queryOptions({
    queryKey: callKey('exercisesNext', { usage: filter.usage, tone: filter.tone, tz }, round),
    queryFn: ({ signal }) =>
      call(api.exercisesNext, {
        query: { usage: filter.usage || undefined, tone: filter.tone || undefined, tz },
        signal,
      }),
    // One example per round: never refetched behind the learner's back.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })

export const useNextExercise = (input: NextExerciseInput) => useQuery(nextExerciseQuery(input))
