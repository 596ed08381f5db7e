import { api } from '@che/core'
import type { SettingsMap } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { promptsQuery } from './get-prompts'

/** POST /api/admin/prompts: replace the whole prompts map. */
export function useSavePrompts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (prompts: SettingsMap) =>
      (await call(api.adminPromptsSave, { body: { prompts } })).prompts,
    meta: { handlesError: true },
    onSuccess: (prompts) => queryClient.setQueryData(promptsQuery().queryKey, prompts),
  })
}
