import { api, type PasswordChange } from '@che/core'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'

export const PASSWORD_FALLBACK_ERROR = 'Failed to change the password'

/** POST /api/account/password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) => call(api.accountPassword, { body }),
    meta: { handlesError: true },
  })
}
