import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call, callKey } from '../../../lib/api-client'

export const EXAMPLE_FALLBACK_ERROR = 'Failed to load the exercise example'

/** GET /api/example/:id: the example a bug report is about. */
export const exampleQuery = (id: string) =>
  queryOptions({
    queryKey: callKey(api.exampleGet, { params: { id } }),
    queryFn: ({ signal }) => call(api.exampleGet, { params: { id }, signal }),
  })

export const useExample = (id: string | undefined) =>
  useQuery({ ...exampleQuery(id ?? ''), enabled: !!id })
