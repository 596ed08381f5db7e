import { api, TONE_DESCRIPTIONS, TONES } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../api-client'
import { callKey } from '../query-keys'

export const TONES_FALLBACK_ERROR = 'Failed to fetch the tones'

/** Used while the tones load or when the call fails: a form still works with core's list. */
export const FALLBACK_TONES = TONES.map((tone) => ({ tone, description: TONE_DESCRIPTIONS[tone] }))

/** GET /api/idioms/tones, cached once for every screen that shows tones. */
export const tonesQuery = () =>
  queryOptions({
    queryKey: callKey('idiomTones'),
    queryFn: ({ signal }) => call(api.idiomTones, { signal }),
    staleTime: 60 * 60_000,
  })

/** The tones with a description each (preferences, the admin idiom form). */
export const useTones = () => useQuery(tonesQuery())
