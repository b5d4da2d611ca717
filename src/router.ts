// The router and its options, one definition for the browser (src/main.tsx) and for rendering on the
// server (src/entry-server.tsx): the same options give the same markup, which hydration needs. A page
// rendered on the server hands its query cache to the browser through the router's own dehydrate and
// hydrate options (TanStack Router's SSR serializes it into the page with the router's state).
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { api, type ApiClient } from './lib/api-client'
import { createSession } from './features/auth/session'
import { LS, readLocal } from './lib/storage-keys'
import { routeTree } from './routeTree.gen'
import { RouteError } from './components/ui/route-error'
import { PageSpinner } from './components/ui/spinner'

export interface AppRouterOptions {
  /** What loaders fetch with (on the server: the API server answering itself). */
  api?: ApiClient
  history?: RouterHistory
  /** The CSP nonce of this response, for the router's inline hydration scripts. */
  nonce?: string
}

export function createAppRouter(queryClient: QueryClient, opts: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    context: { queryClient, api: opts.api ?? api, session: createSession(queryClient) },
    history: opts.history,
    ssr: opts.nonce ? { nonce: opts.nonce } : undefined,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSpinner,
    defaultErrorComponent: RouteError,
    defaultPendingMs: 150,
    scrollRestoration: false,
    // The queries the page was rendered with (those that succeeded), for the browser to start from; as
    // JSON text (the query cache's own dehydrated form is plain data).
    dehydrate: () => ({ queries: JSON.stringify(dehydrate(queryClient)) }),
    hydrate: (data: { queries: string }) => hydrate(queryClient, freshNow(JSON.parse(data.queries) as DehydratedState)),
  })
}

/**
 * The rendered queries counted as fetched now: the server fetched them for this very page, and the
 * device's clock may differ from the server's. They were fetched for a visitor: for a signed-in user
 * (whose view can differ: a listing's exact address once booked, their own paused listing) they show
 * at once and are refetched behind.
 */
function freshNow(state: DehydratedState): DehydratedState {
  const now = Date.now()
  const signedIn = readLocal(LS.token) !== null
  return { ...state, queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now, isInvalidated: signedIn } })) }
}

/** How a route's page reaches the browser: rendered once at build time, or on each request. */
export type ServerRender = 'build' | 'request'

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /** Rendered on the server (src/entry-server.tsx): at build time, or per request; unset: in the browser. */
    render?: ServerRender
    /**
     * When a visitor's app starts on a page rendered per request (scripts/vite/start-after-paint.ts): after
     * the first paint (unset), or at their first touch, as on the pages rendered at build time.
     */
    start?: 'touch'
  }
}
