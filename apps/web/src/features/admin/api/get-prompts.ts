import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { callKey } from '../../../lib/query-keys'

export const PROMPTS_FALLBACK_ERROR = 'Failed to fetch prompts'

export const promptsQuery = () =>
  queryOptions({
    queryKey: callKey('adminPromptsGet'),
    queryFn: async ({ signal }) => (await call(api.adminPromptsGet, { signal })).prompts,
    staleTime: 0,
  })

/** GET /api/admin/prompts: the AI prompts map. */
export const usePrompts = () => useQuery(promptsQuery())
