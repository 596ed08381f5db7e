import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call, callKey } from '../../../lib/api-client'

export const IDIOM_FALLBACK_ERROR = 'Failed to fetch idiom'

export const idiomQuery = (id: string) =>
  queryOptions({
    queryKey: callKey(api.idiomGet, { params: { id } }),
    queryFn: ({ signal }) => call(api.idiomGet, { params: { id }, signal }),
  })

/** GET /api/idiom/{id}: one idiom with its examples. */
export const useIdiom = (id: string) => useQuery(idiomQuery(id))
