// The TanStack Query client: server state lives here; 4xx answers are not retried. Reads that fail for
// want of network are retried with backoff and jitter (phones that lost the same link don't all come back
// at the same instant), and start again at once when the page becomes visible, on the `online` event
// (TanStack's focusManager and onlineManager) and when the server answers again after a spell without.
import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'
import { isUnreachable, onReachabilityChange } from './reachability'

/** The wait before retry `attempt` (0-based): 1 s, 2 s, 4 s… up to 30 s, each between half and all of it. */
export function retryDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** attempt)
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // As long as the persisted copy may live (query-persist.ts), so restored queries are not dropped.
        gcTime: 7 * 24 * 60 * 60 * 1000,
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
        retryDelay: (attempt) => retryDelay(attempt),
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
  })
}

/**
 * The server answers again after a spell without (lie-fi over): what failed or went stale meanwhile is
 * asked for again at once, as TanStack does on the `online` event, rather than at its next retry or poll.
 */
export function refetchWhenServerAnswers(queryClient: QueryClient): () => void {
  let wasUnreachable = isUnreachable()
  return onReachabilityChange(() => {
    const back = wasUnreachable && !isUnreachable()
    wasUnreachable = isUnreachable()
    if (back) queryClient.getQueryCache().onOnline()
  })
}
