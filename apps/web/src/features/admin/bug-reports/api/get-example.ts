import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../../lib/api-client'
import { callKey } from '../../../../lib/query-keys'

/** GET /api/example/:id: the example a bug report is about, to link to its idiom. */
export const exampleQuery = (id: string) =>
  queryOptions({
    queryKey: callKey('exampleGet', { id }),
    queryFn: ({ signal }) => call(api.exampleGet, { params: { id }, signal }),
    staleTime: 5 * 60_000,
  })

export const useExample = (id: string) => useQuery(exampleQuery(id))
