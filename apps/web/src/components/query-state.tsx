import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { errorMessage } from '../lib/api-client'
import { useOnline } from '../lib/online'
import { ErrorText } from './error-text'
import { Loading } from './loading'
import { OfflineFallback } from './offline-fallback'

export interface QueryStateProps<T> {
  query: UseQueryResult<T>
  /** Shown when the server gives no message (spec §8 fallbacks). */
  errorFallback: string
  loadingMessage?: string
  /**
   * For a screen that offline has nothing to show but the server's data: while the browser is
   * offline and no data is held, say what needs a connection (`OfflineFallback`, e.g. "The
   * calendar needs") instead of a spinner or a red "Failed to fetch".
   */
  offlineNeeds?: string
  children: (data: T) => ReactNode
}

/** Renders the states of a call: loading, error (red text), data, and offline when asked. */
export function QueryState<T>({
  query,
  errorFallback,
  loadingMessage,
  offlineNeeds,
  children,
}: QueryStateProps<T>) {
  const online = useOnline()
  if (offlineNeeds && !online && query.data === undefined)
    return <OfflineFallback needs={offlineNeeds} />
  if (query.isPending) return <Loading message={loadingMessage} />
  if (query.isError) return <ErrorText message={errorMessage(query.error, errorFallback)} />
  return <>{children(query.data)}</>
}
