import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'

export const TONES_FALLBACK_ERROR = 'Failed to fetch the tones'

/** GET /api/idioms/tones: the tones with a description each. */
export const tonesQuery = () =>
  queryOptions({
    queryKey: ['idiom-tones'],
    queryFn: ({ signal }) => call(api.idiomTones, { signal }),
    staleTime: 60 * 60_000,
  })

export const useTones = () => useQuery(tonesQuery())
