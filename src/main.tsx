// Boots the app: the query client (persisted to IndexedDB), the router, the auth context around them,
// and the service worker with its install and offline helpers.
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider, type AnyRoute } from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { onlineManager } from '@tanstack/react-query'
import { AuthProvider } from './features/auth/auth-context'
import { startRevocationQueue } from './features/auth/revocation-queue'
import { onUnauthorized } from './lib/api-client'
import { listenForInstallPrompt } from './lib/install-prompt'
import { registerOfflineDataCleanup } from './lib/offline-data-cleanup'
import { createQueryClient, refetchWhenServerAnswers } from './lib/query-client'
import { persistOptions, restoreWhenNetworkFails } from './lib/query-persist'
import { keepSignedInAnswers } from './lib/keep-signed-in-answers'
import { keepSeenPages, seenPagesSaved } from './features/storages/keep-seen-pages'
import { clearSavedQueueOnSessionEnd } from './lib/saved-queue'
import { clearActionQueueOnSessionEnd } from './lib/action-queue'
import { PersistedQueryProvider } from './lib/persisted-query-provider'
import { startedPrerendered } from './lib/prerender'
import { EARLY_TAP } from '@contract/prerendered-pages'
import { registerWorkerOnFirstVisit } from './lib/first-visit-worker'
import { createAppRouter } from './router'
import './styles.css'

const queryClient = createQueryClient()
// TanStack Query assumes online until an 'offline' event: an app started offline must say so, or every
// stale query would try the network (and fail after its retries) instead of waiting for it.
onlineManager.setOnline(navigator.onLine)
listenForInstallPrompt()
restoreWhenNetworkFails(queryClient)
refetchWhenServerAnswers(queryClient)
keepSeenPages(queryClient)
keepSignedInAnswers(queryClient)
registerOfflineDataCleanup()
clearSavedQueueOnSessionEnd()
clearActionQueueOnSessionEnd()
startRevocationQueue()
const container = document.getElementById('root')!
/** The next task: lets the browser handle input and paint between two steps of startup. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

type AppRouter = ReturnType<typeof createAppRouter>

/**
 * The code of the routes this page shows, loaded, and the page's answers saved on the device: what a first
 * visit's installing worker waits for before it takes over. Whatever goes wrong here is the worker's loss
 * (sw-register ignores it), never startup's.
 */
const readyOffline = (router: AppRouter): Promise<unknown> =>
  Promise.resolve()
    .then(() => loadPageCode(router))
    .then(seenPagesSaved)

/** The code of the routes this page shows. */
const loadPageCode = (router: AppRouter): Promise<unknown> => Promise.all(pageRoutes(router).map((route) => router.loadRouteChunk(route)))
const pageRoutes = (router: AppRouter): AnyRoute[] =>
  router.matchRoutes(router.latestLocation).map((match) => router.routesById[match.routeId as keyof typeof router.routesById] as AnyRoute)

/**
 * Whether the code of the routes this page shows could be loaded. A route's component from
 * `lazyRouteComponent` (the code splitting's) answers its `preload` even when its chunk failed, and keeps
 * `preload` until the chunk has loaded: then it drops it.
 */
const pageCodeIn = (router: AppRouter): Promise<boolean> =>
  loadPageCode(router).then(
    () => pageRoutes(router).every((route) => typeof (route.options.component as { preload?: unknown } | undefined)?.preload !== 'function'),
    () => false,
  )

/**
 * Registered after load so it never competes with the first render (workbox-window is a lazy chunk); a
 * prerendered page's first visit asked for the worker as this module ran (below), as its page is already
 * on screen. Startup may finish after 'load' has fired: then in a task of its own.
 */
function registerWorker(router: AppRouter) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // Its chunk may not load (the page is being left, or the network went before it arrived): the worker is
  // then registered on the next visit, and the page goes on without it.
  const register = () =>
    void import('./lib/sw-register').then(
      (m) => m?.registerServiceWorker(readyOffline(router)), // no module while the page is left (leaving-page.ts)
      () => {},
    )
  if (document.readyState === 'complete') setTimeout(register)
  else window.addEventListener('load', register)
}

async function start(prerendered: boolean) {
  // A page rendered on the server is already on screen, so there is no hurry: startup runs in tasks of
  // its own (this module, then the router and hydration), none long enough to hold up a tap on a slow phone.
  if (prerendered) await nextTask()
  const router = createAppRouter(queryClient)
  registerWorker(router)
  // A 401 (the session ended on the server): log in again, then come back here (the chat, the listing).
  onUnauthorized(({ toLogin }) => {
    if (toLogin) void router.navigate({ to: '/login', search: { redirect: router.state.location.href } })
  })
  const app = (
    <StrictMode>
      <PersistedQueryProvider client={queryClient} persistOptions={persistOptions}>
        <AuthProvider>{prerendered ? <RouterClient router={router} /> : <RouterProvider router={router} />}</AuthProvider>
      </PersistedQueryProvider>
    </StrictMode>
  )
  if (!prerendered) {
    // The shell (a signed-in page, or one not rendered at build time): the first render in a transition
    // too, in slices rather than one task (Lighthouse on the signed-in pages: 94–98 without, 99 with).
    const root = createRoot(container)
    startTransition(() => root.render(app))
    return
  }
  // RouterClient takes the router's state and the page's queries from the HTML (the router's hydrate
  // option fills the query cache), loads the route's code, then renders. Hydrating in a transition lets
  // React work in slices of a few milliseconds instead of one long task; the page is visible meanwhile.
  // A page whose route code cannot load (offline on a first visit, before the worker has fetched that
  // code): hydrating it would replace the page with the router's offline message. It stays as its HTML
  // instead, readable, its links and search forms working (the next page loaded starts the app; the
  // browser keeps a module that failed to load as failed for this page), marked on <html>.
  if (!(await pageCodeIn(router))) {
    document.documentElement.dataset.start = 'html'
    return
  }
  await nextTask()
  startTransition(() => void hydrateRoot(container, app))
  replayEarlyTap()
}

/**
 * A tap on a button before the app ran (a visitor's first touch starts it: scripts/vite/start-after-paint.ts)
 * reached a button with no handler yet: pressed again once the page is the app's (<html data-ready>, set
 * by the root layout once hydrated). Taps from here on are React's: it listens from hydrateRoot on.
 */
function replayEarlyTap() {
  const early = (window as unknown as Record<string, EarlyTap | undefined>)[EARLY_TAP]
  if (!early) return
  early.stop()
  const button = early.button
  early.button = null
  if (!button) return
  const press = () => {
    if (button.isConnected && !button.disabled) button.click()
  }
  if (document.documentElement.dataset.ready) return press()
  const ready = new MutationObserver(() => {
    if (!document.documentElement.dataset.ready) return
    ready.disconnect()
    setTimeout(press)
  })
  ready.observe(document.documentElement, { attributes: true, attributeFilter: ['data-ready'] })
}
type EarlyTap = { button: HTMLButtonElement | null; stop: () => void }
const prerendered = startedPrerendered()
if (prerendered && import.meta.env.PROD) registerWorkerOnFirstVisit()
void start(prerendered)
