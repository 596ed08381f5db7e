import { api } from '@che/core'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'

/** GET /api/admin/resetcaches: clear the server's caches; resolves to the names cleared. */
export function useResetCaches() {
  return useMutation({
    mutationFn: () => call(api.adminResetCaches),
    meta: { handlesError: true },
  })
}
