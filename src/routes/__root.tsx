// The shared layout every route sits under: header, offline banner, page, footer, toasts, the iOS
// install sheet, and the 404 page.
import { useEffect, useState } from 'react'
import { lazyBackground } from '../lib/lazy-background'
import { createRootRouteWithContext, Link, Outlet, Scripts } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../lib/api-client'
import type { Session } from '../features/auth/session'
import { BottomNav } from '../components/layout/bottom-nav'
import { SiteFooter } from '../components/layout/site-footer'
import { SiteHeader } from '../components/layout/site-header'
import { NO_UNREAD, type Unread } from '../components/layout/unread-badge'
import { Toaster } from '../components/ui/toaster'
import { useAuth } from '../features/auth/auth-context'
import { OfflineBanner } from '../features/pwa/components/offline-banner'
import { syncAppBadge } from '../lib/app-badge'
import { isIosSafari } from '../lib/install-prompt'
import { RouteTitle, usePageTitle } from '../lib/page-title'
import { useHydrated } from '../lib/prerender'

// Kept out of the first load: the outbox is only needed once someone is signed in, the iOS sheet only on iOS.
// A chunk that cannot load (offline, not cached yet) leaves its part out until back online, never the page.
const OutboxSync = lazyBackground(() => import('../features/messaging/components/outbox-sync').then((m) => m.OutboxSync))
const EvidenceOutboxSync = lazyBackground(() => import('../features/evidence/components/evidence-outbox-sync').then((m) => m.EvidenceOutboxSync))
const SavedSync = lazyBackground(() => import('../features/saved/components/saved-sync').then((m) => m.SavedSync))
const ActionQueueSync = lazyBackground(() => import('../lib/action-queue-sync').then((m) => m.ActionQueueSync))
const UnreadCountSource = lazyBackground(() => import('../features/messaging/components/unread-count-source').then((m) => m.UnreadCountSource))
const PushDeviceSync = lazyBackground(() => import('../features/notifications/components/push-device-sync').then((m) => m.PushDeviceSync))
const PushRefresh = lazyBackground(() => import('../features/messaging/components/push-refresh').then((m) => m.PushRefresh))
const IosInstallSheet = lazyBackground(() => import('../features/pwa/components/ios-install-sheet').then((m) => m.IosInstallSheet))

export interface RouterContext {
  queryClient: QueryClient
  /** What loaders fetch with: the browser's client, or on the server one that asks the API server itself. */
  api: ApiClient
  /** Who is signed in, for the _authed layout's gate and its pages' loaders. */
  session: Session
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
  const { user } = useAuth()
  // The unread total for the navigation, from the conversation-list poll (only while signed in).
  const [unread, setUnread] = useState<Unread>(NO_UNREAD)
  const shownUnread = user ? unread : NO_UNREAD
  // The installed app's icon shows the same count (cleared once read, and on logout).
  useEffect(() => syncAppBadge(shownUnread.count), [shownUnread.count])
  // <html data-ready>: the app is running (a prerendered page is hydrated), for tests and tooling; the
  // 'app-ready' mark says when, in the page's own timeline.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true'
    performance.mark('app-ready')
  }, [])
  return (
    <div className="flex min-h-dvh flex-col" style={{ paddingBottom: 'var(--bottom-nav-h, 0px)' }}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <RouteTitle />
      <SiteHeader unread={shownUnread} />
      <OfflineBanner />
      {/* At least the screen below the header: the footer never shows under a loading state only to be pushed away by the content (layout shift). */}
      <main id="main" className="min-h-[calc(100dvh-3.5rem)] flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      {user && <BottomNav unread={shownUnread} />}
      <Toaster />
      <>
        {user && <OutboxSync />}
        {user && <SavedSync userId={user.id} />}
        {user && <ActionQueueSync userId={user.id} />}
        {user && <EvidenceOutboxSync userId={user.id} />}
        {user && <UnreadCountSource userId={user.id} onChange={setUnread} />}
        {user && <PushDeviceSync userId={user.id} />}
        {user && <PushRefresh userId={user.id} />}
        <IosInstall />
      </>
      {/* On a page rendered on the server, the router's state for hydration (scripts that remove themselves). */}
      <Scripts />
    </div>
  )
}

/**
 * The iOS add-to-home-screen sheet, once the app runs in the browser. Its own component: the switch from
 * the prerendered state to "hydrated" re-renders (synchronously) only this, not the whole page.
 */
function IosInstall() {
  const hydrated = useHydrated()
  return hydrated && isIosSafari(navigator.userAgent, navigator.maxTouchPoints) ? <IosInstallSheet /> : null
}

export function NotFound() {
  usePageTitle('Page not found')
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <p className="text-5xl font-black text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-bold">We couldn't find that page</h1>
      <p className="mt-2 text-stone-600">The link may be old or mistyped. Let's get you back to finding space.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go home
        </Link>
        <Link to="/faq" className="btn-secondary">
          Read the FAQ
        </Link>
      </div>
    </div>
  )
}
