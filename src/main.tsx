// Boots the app: the query client (persisted to IndexedDB), the router, the auth context around them,
// and the service worker with its install and offline helpers.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { PageSpinner } from './components/ui/spinner'
import { AuthProvider } from './features/auth/auth-context'
import { navigation } from './lib/api-client'
import { listenForInstallPrompt } from './lib/install-prompt'
import { registerOfflineDataCleanup } from './lib/offline-data-cleanup'
import { createQueryClient } from './lib/query-client'
import { persistOptions } from './lib/query-persist'
import { registerServiceWorker } from './lib/sw-register'
import './styles.css'

const queryClient = createQueryClient()
const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: PageSpinner,
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
registerOfflineDataCleanup()
registerServiceWorker()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </PersistQueryClientProvider>
  </StrictMode>,
)
