// Persists the signed-in user's server state (profile, conversations, messages, bookings, storages) to
// IndexedDB with idb-keyval, so the installed app opened offline shows them as last seen. A new build
// (buster) or a week's age discards it; logout wipes it.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { Query } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { createStore, del, get, set } from 'idb-keyval'

export const QUERY_CACHE_DB = 'nookshare-query-cache'
export const QUERY_CACHE_STORE = 'queries'
export const QUERY_CACHE_KEY = 'nookshare-query-cache'
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000
/** Query-key roots worth having offline; everything else is refetched. */
export const PERSISTED_ROOTS = ['user-profile', 'conversations', 'messages', 'bookings', 'storages'] as const

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const root = query.queryKey[0]
  return query.state.status === 'success' && typeof root === 'string' && (PERSISTED_ROOTS as readonly string[]).includes(root)
}

const store = typeof indexedDB === 'undefined' ? undefined : createStore(QUERY_CACHE_DB, QUERY_CACHE_STORE)

export const queryPersister = createAsyncStoragePersister({
  key: QUERY_CACHE_KEY,
  storage: store
    ? {
        getItem: (key) => get<string>(key, store).then((v) => v ?? null),
        setItem: (key, value: string) => set(key, value, store),
        removeItem: (key) => del(key, store),
      }
    : undefined,
})

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: queryPersister,
  maxAge: PERSIST_MAX_AGE,
  buster: String(import.meta.env.VITE_BUILD_ID ?? 'dev'),
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
}
