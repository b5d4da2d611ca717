// Boots the app: the query client (persisted to IndexedDB), the router, the auth context around them,
// and the service worker with its install and offline helpers.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { RouteError } from './components/ui/route-error'
import { PageSpinner } from './components/ui/spinner'
import { AuthProvider } from './features/auth/auth-context'
import { navigation } from './lib/api-client'
import { listenForInstallPrompt } from './lib/install-prompt'
import { registerOfflineDataCleanup } from './lib/offline-data-cleanup'
import { createQueryClient } from './lib/query-client'
import { persistOptions, restoreWhenNetworkFails } from './lib/query-persist'
import './styles.css'

const queryClient = createQueryClient()
const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: PageSpinner,
  defaultErrorComponent: RouteError,
  defaultPendingMs: 150,
  scrollRestoration: false,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

navigation.toLogin = () => void router.navigate({ to: '/login', search: {} })
listenForInstallPrompt()
restoreWhenNetworkFails(queryClient)
registerOfflineDataCleanup()
// Registered after load so it never competes with the first render (workbox-window is a lazy chunk).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./lib/sw-register').then((m) => m.registerServiceWorker()))
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </PersistQueryClientProvider>
  </StrictMode>,
)
