import { api, type Idiom } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import { invalidateIdiomQueries } from './idiom-keys'

/**
 * POST /api/admin/idiom/restore-lists: give a library idiom whose lists an admin edited the
 * library's current meanings and literals again (decision 065). Success and errors show as
 * notifications: here, not in a caller's `mutate` callbacks, as the button that started it
 * leaves the page once the idiom is read again.
 */
export function useRestoreIdiomLists() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (idiomId: string) => call(api.adminIdiomRestoreLists, { body: { idiomId } }),
    meta: { errorFallback: 'The library lists could not be restored.' },
    onSuccess: (restored) => {
      // Loaded when first needed, not with the first page (docs/decisions/039).
      void import('@mantine/notifications').then(({ notifications }) =>
        notifications.show({
          color: 'green',
          title: 'Library lists restored',
          message: `“${restored.text}” has the library’s ${listsCount(restored)} again.`,
        }),
      )
      return invalidateIdiomQueries(queryClient)
    },
  })
}

/** "3 meanings and 1 literal reading"; "2 senses, 3 meanings and 1 literal reading" (decision 067). */
export const listsCount = (idiom: Pick<Idiom, 'meanings' | 'literals' | 'senses'>) => {
  const senses = idiom.senses?.length ?? 0
  return `${senses ? `${senses} senses, ` : ''}${idiom.meanings.length} ${idiom.meanings.length === 1 ? 'meaning' : 'meanings'} and ${idiom.literals.length} ${idiom.literals.length === 1 ? 'literal reading' : 'literal readings'}`
}
