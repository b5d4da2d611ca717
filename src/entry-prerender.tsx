// Build-time rendering of the pages that need no data (the lead and information pages) to HTML, so a
// phone paints them before any JavaScript has loaded; the client then hydrates (src/main.tsx). Run by
// scripts/vite/prerender.ts through Vite's SSR loader, for a signed-out visitor.
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { AuthProvider } from './features/auth/auth-context'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './router'

export async function render(url: string): Promise<string> {
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [url] }), isServer: true })
  await router.load()
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
  queryClient.clear()
  return html
}
