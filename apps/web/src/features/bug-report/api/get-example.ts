import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const EXAMPLE_FALLBACK_ERROR = 'Failed to load the exercise example'

/** GET /api/example/:id: the example a bug report is about. */
export const exampleQuery = (id: string) =>
  queryOptions({
    queryKey: callKey('exampleGet', { id }),
    queryFn: ({ signal }) => call(api.exampleGet, { params: { id }, signal }),
  })

export const useExample = (id: string | undefined) =>
  useQuery({ ...exampleQuery(id ?? ''), enabled: !!id })
