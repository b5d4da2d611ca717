// The router and its options, one definition for the browser (src/main.tsx) and for rendering on the
// server (src/entry-server.tsx: the lead pages at build time, /storages per request): the same options
// give the same markup, which hydration needs.
import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { RouteError } from './components/ui/route-error'
import { PageSpinner } from './components/ui/spinner'

export function createAppRouter(queryClient: QueryClient, opts: { history?: RouterHistory; isServer?: boolean } = {}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSpinner,
    defaultErrorComponent: RouteError,
    defaultPendingMs: 150,
    scrollRestoration: false,
    ...opts,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
