import { api } from '@che/core'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import type { Answer } from '../../../types/exercise'

/** POST /api/sandbox/evaluate: grade a Playroom answer (no score, no schedule change). */
export function useEvaluateSandbox() {
  return useMutation({
    mutationFn: (answer: Answer) => call(api.sandboxEvaluate, { body: answer }),
    meta: { handlesError: true },
  })
}
