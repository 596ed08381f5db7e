import { MutationCache, QueryClient } from '@tanstack/react-query'
import { ApiError, errorMessage } from './api-client'

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { handlesError?: boolean; errorFallback?: string }
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
      },
    },
    mutationCache: new MutationCache({
      // Screens that show mutation errors inline set meta.handlesError (STYLE §6).
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.handlesError) return
        const message = errorMessage(error, mutation.meta?.errorFallback ?? 'The request failed.')
        // Loaded when first needed, not with the first page (docs/decisions/039).
        void import('@mantine/notifications').then(({ notifications }) =>
          notifications.show({ color: 'red', title: 'Something went wrong', message }),
        )
      },
    }),
  })
}
