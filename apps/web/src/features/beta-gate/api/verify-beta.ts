import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { settingsQuery } from '../../../lib/queries/settings'

/** POST /api/beta/verify: the server checks the password and sets the betaKey cookie. */
export function useVerifyBeta() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (password: string) => {
      // The contract's schemas are not on the first load (decision 039).
      const { api } = await import('@che/core')
      return call(api.betaVerify, { body: { password } })
    },
    meta: { handlesError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQuery().queryKey }),
  })
}
