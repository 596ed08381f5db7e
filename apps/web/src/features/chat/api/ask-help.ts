import { api } from '@che/core'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'

export const ASK_FALLBACK_ERROR = 'Failed to get an answer'

/** POST /api/chat: an answer drawn from the help pages, with the passages it quotes. */
export function useAskHelp() {
  return useMutation({
    mutationFn: (question: string) => call(api.helpChat, { body: { question } }),
    meta: { handlesError: true },
  })
}
