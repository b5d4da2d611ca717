// The shared layout every route sits under: header, offline banner, page, footer, toasts, the iOS
// install sheet, and the 404 page.
import { lazy, Suspense, useEffect } from 'react'
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { SiteFooter } from '../components/layout/site-footer'
import { SiteHeader } from '../components/layout/site-header'
import { Toaster } from '../components/ui/toaster'
import { useAuth } from '../features/auth/auth-context'
import { OfflineBanner } from '../features/pwa/components/offline-banner'
import { isIosSafari } from '../lib/install-prompt'
import { RouteTitle, usePageTitle } from '../lib/page-title'
import { useHydrated } from '../lib/prerender'

// Kept out of the first load: the outbox is only needed once someone is signed in, the iOS sheet only on iOS.
const OutboxSync = lazy(() => import('../features/messaging/components/outbox-sync').then((m) => ({ default: m.OutboxSync })))
const IosInstallSheet = lazy(() => import('../features/pwa/components/ios-install-sheet').then((m) => ({ default: m.IosInstallSheet })))

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
  const { user } = useAuth()
  // <html data-ready>: the app is running (a prerendered page is hydrated), for tests and tooling.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true'
  }, [])
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <RouteTitle />
      <SiteHeader />
      <OfflineBanner />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <Toaster />
      <Suspense fallback={null}>
        {user && <OutboxSync />}
        <IosInstall />
      </Suspense>
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
