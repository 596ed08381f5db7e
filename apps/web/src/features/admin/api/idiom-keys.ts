import { api } from '@che/core'
import type { QueryClient } from '@tanstack/react-query'
import { callKey } from '../../../lib/api-client'

/**
 * Every query an idiom change can make stale: the list, single idioms, their examples and the
 * tones (cheap). Prefix keys: callKey starts with [method, path].
 */
export function invalidateIdiomQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [api.idiomsList, api.idiomGet, api.examplesOfIdiom, api.exampleGet].map((endpoint) =>
      queryClient.invalidateQueries({ queryKey: callKey(endpoint) }),
    ),
  ).then(() => undefined)
}
