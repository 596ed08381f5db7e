import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call, callKey } from '../../../../lib/api-client'

export const EDITORS_FALLBACK_ERROR = 'Failed to fetch editors'

export const editorsQuery = () =>
  queryOptions({
    queryKey: callKey(api.editorsList),
    queryFn: ({ signal }) => call(api.editorsList, { signal }),
    staleTime: 5 * 60_000,
  })

/** GET /api/editors: the users who may record audio (editors and admins). */
export const useEditors = () => useQuery(editorsQuery())
