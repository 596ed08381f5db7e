import { api } from '@che/core'
import type { SettingsMap } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { settingsQuery } from '../../../lib/queries/settings'
import { adminSettingsQuery } from './get-settings'

/**
 * POST /api/settings: replace the whole settings map. The beta gate reads the public part of
 * the settings (lib/queries/settings.ts), so that goes stale too.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: SettingsMap) => call(api.settingsSave, { body: { settings } }),
    meta: { handlesError: true },
    onSuccess: async (response) => {
      queryClient.setQueryData(adminSettingsQuery().queryKey, response.settings ?? {})
      await queryClient.invalidateQueries({ queryKey: settingsQuery().queryKey, exact: true })
    },
  })
}
