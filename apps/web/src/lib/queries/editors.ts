import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../api-client'
import { callKey } from '../query-keys'

export const EDITORS_FALLBACK_ERROR = 'Failed to fetch editors'

export const editorsQuery = () =>
  queryOptions({
    queryKey: callKey('editorsList'),
    queryFn: ({ signal }) => call(api.editorsList, { signal }),
    staleTime: 5 * 60_000,
  })

/** GET /api/editors (admins only): the users who may record audio (editors and admins). */
export const useEditors = (enabled = true) => useQuery({ ...editorsQuery(), enabled })
