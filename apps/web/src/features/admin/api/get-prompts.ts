import { api } from '@che/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call, callKey } from '../../../lib/api-client'

export const PROMPTS_FALLBACK_ERROR = 'Failed to fetch prompts'

export const promptsQuery = () =>
  queryOptions({
    queryKey: callKey(api.adminPromptsGet),
    queryFn: async ({ signal }) => (await call(api.adminPromptsGet, { signal })).prompts,
    staleTime: 0,
  })

/** GET /api/admin/prompts: the AI prompts map. */
export const usePrompts = () => useQuery(promptsQuery())
