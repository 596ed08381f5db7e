import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const IDIOM_FALLBACK_ERROR = 'Failed to fetch idiom'

export const idiomQuery = (id: string) =>
  queryOptions({
    queryKey: callKey('idiomGet', { id }),
    queryFn: ({ signal }) => call(api.idiomGet, { params: { id }, signal }),
  })

/** GET /api/idiom/{id}: one idiom with its examples. */
export const useIdiom = (id: string) => useQuery(idiomQuery(id))
