import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const CALENDAR_FALLBACK_ERROR = 'Failed to fetch your calendar'

/** GET /api/exercises: the learner's calendar items, soonest due first. */
export const calendarQuery = () =>
  queryOptions({
    queryKey: callKey('exercisesCalendar'),
    queryFn: ({ signal }) => call(api.exercisesCalendar, { signal }),
    staleTime: 0,
  })

export const useCalendar = () => useQuery(calendarQuery())
