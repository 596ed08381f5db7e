import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call, callKey } from '../../../lib/api-client'

export const EXAMPLES_FALLBACK_ERROR = 'Failed to fetch examples'

export const examplesOfIdiomQuery = (id: string) =>
  queryOptions({
    queryKey: callKey(api.examplesOfIdiom, { params: { id } }),
    queryFn: ({ signal }) => call(api.examplesOfIdiom, { params: { id }, signal }),
  })

/** GET /api/example/idiom/{id}: the examples of one idiom. */
export const useExamplesOfIdiom = (id: string) => useQuery(examplesOfIdiomQuery(id))
