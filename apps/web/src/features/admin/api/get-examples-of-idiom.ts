import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const EXAMPLES_FALLBACK_ERROR = 'Failed to fetch examples'

export const examplesOfIdiomQuery = (id: string) =>
  queryOptions({
    queryKey: callKey('examplesOfIdiom', { id }),
    queryFn: ({ signal }) => call(api.examplesOfIdiom, { params: { id }, signal }),
  })

/** GET /api/example/idiom/{id}: the examples of one idiom. */
export const useExamplesOfIdiom = (id: string) => useQuery(examplesOfIdiomQuery(id))
