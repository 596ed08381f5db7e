import type { QueryClient } from '@tanstack/react-query'
import { callKey } from '../../../lib/query-keys'

/**
 * Every query an idiom change can make stale: the list, single idioms, their examples and the
 * tones (cheap). Prefix keys: callKey(name) matches every key of that call.
 */
export function invalidateIdiomQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    (['idiomsList', 'idiomGet', 'examplesOfIdiom', 'exampleGet'] as const).map((name) =>
      queryClient.invalidateQueries({ queryKey: callKey(name) }),
    ),
  ).then(() => undefined)
}
