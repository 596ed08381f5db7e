import { api } from '@che/core'
import { useMutation } from '@tanstack/react-query'
import { upload } from '../../../lib/api-client'

export const VALIDATE_FALLBACK_ERROR = 'Failed to validate idioms'

/** POST /api/admin/idioms/validate (multipart CSV): the server's validation of a file. */
export function useValidateIdioms() {
  return useMutation({
    mutationFn: (file: File) => upload(api.adminIdiomsValidate, { file }),
    meta: { handlesError: true },
  })
}
