import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { errorMessage } from '../lib/api-client'
import { ErrorText } from './error-text'
import { Loading } from './loading'

export interface QueryStateProps<T> {
  query: UseQueryResult<T>
  /** Shown when the server gives no message (spec §8 fallbacks). */
  errorFallback: string
  loadingMessage?: string
  children: (data: T) => ReactNode
}

/** Renders the three states of a call: loading, error (red text) and data. */
export function QueryState<T>({
  query,
  errorFallback,
  loadingMessage,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <Loading message={loadingMessage} />
  if (query.isError) return <ErrorText message={errorMessage(query.error, errorFallback)} />
  return <>{children(query.data)}</>
}
