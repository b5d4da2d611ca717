// The query client, restored from IndexedDB before queries run and saved back as the cache changes: what
// PersistQueryClientProvider does, with one difference. The end of the restore is a transition update.
// On a prerendered page the restore ends while React is still hydrating; an ordinary update there makes
// React finish hydrating the whole page at once, in one long task (on a slow phone, a frozen page for a
// few hundred milliseconds). A transition lets the hydration go on in short slices.
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react'
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { persistQueryClientRestore, persistQueryClientSubscribe, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client'

export function PersistedQueryProvider({
  client,
  persistOptions,
  children,
}: {
  client: QueryClient
  persistOptions: Omit<PersistQueryClientOptions, 'queryClient'>
  children: ReactNode
}) {
  const [isRestoring, setIsRestoring] = useState(true)
  const options = useRef(persistOptions)
  useEffect(() => {
    options.current = persistOptions
  })
  const restored = useRef(false)

  useEffect(() => {
    const withClient = { ...options.current, queryClient: client }
    if (!restored.current) {
      restored.current = true
      void persistQueryClientRestore(withClient)
        .catch(() => {})
        .finally(() => startTransition(() => setIsRestoring(false)))
    }
    return isRestoring ? undefined : persistQueryClientSubscribe(withClient)
  }, [client, isRestoring])

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  )
}
