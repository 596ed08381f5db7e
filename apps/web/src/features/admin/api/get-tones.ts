import { api, TONE_DESCRIPTIONS, TONES } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call, callKey } from '../../../lib/api-client'

/** Used while the tones load or when the call fails: the form still works with core's list. */
export const FALLBACK_TONES = TONES.map((tone) => ({ tone, description: TONE_DESCRIPTIONS[tone] }))

export const tonesQuery = () =>
  queryOptions({
    queryKey: callKey(api.idiomTones),
    queryFn: ({ signal }) => call(api.idiomTones, { signal }),
    staleTime: 60 * 60_000,
  })

/** GET /api/idioms/tones: the tones with a description each. */
export const useTones = () => useQuery(tonesQuery())
