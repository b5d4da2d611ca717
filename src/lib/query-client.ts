// The TanStack Query client: server state lives here; 4xx answers are not retried.
import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // As long as the persisted copy may live (query-persist.ts), so restored queries are not dropped.
        gcTime: 7 * 24 * 60 * 60 * 1000,
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  })
}
