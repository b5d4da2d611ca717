// Persists the signed-in user's server state (profile, conversations, messages, bookings, storages) to
// IndexedDB with idb-keyval, so the installed app opened offline shows them as last seen. A new build
// (buster) or a week's age discards it; logout wipes it.
//
// Network first: a browser that starts online renders fresh answers (a quick reload after an edit must
// not show the copy from before it); the saved copy is put in only when it starts offline, goes offline,
// or a request fails for want of network.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { hydrate, type Query, type QueryClient } from '@tanstack/react-query'
import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { createStore, del, get, set } from 'idb-keyval'
import { isNetworkError } from './api-client'
import { isUnreachable, onReachabilityChange } from './reachability'
import { LS, readLocal } from './storage-keys'
import { queryRoots } from './query-keys'

export const QUERY_CACHE_DB = 'nookshare-query-cache'
export const QUERY_CACHE_STORE = 'queries'
export const QUERY_CACHE_KEY = 'nookshare-query-cache'
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000
const BUSTER = String(import.meta.env.VITE_BUILD_ID ?? 'dev')
/**
 * Query-key roots worth having offline; everything else is refetched. Chats are kept apart, each
 * bounded (saved-chats.ts): in this one copy, written whole on every change, a long chat would cost
 * every save.
 */
export const PERSISTED_ROOTS = [
  queryRoots.profile,
  queryRoots.conversations,
  queryRoots.bookings,
  queryRoots.storages,
  queryRoots.referrals,
  queryRoots.blog,
] as const

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const root = query.queryKey[0]
  return query.state.status === 'success' && typeof root === 'string' && (PERSISTED_ROOTS as readonly string[]).includes(root)
}

const store = typeof indexedDB === 'undefined' ? undefined : createStore(QUERY_CACHE_DB, QUERY_CACHE_STORE)

/**
 * Whose copy it is: a digest of the session token (never the token itself). A copy is only read back by
 * the session that wrote it, so a session ended without logout (an expired token) can't leak into the next.
 */
export async function sessionOwner(token = readLocal(LS.token)): Promise<string> {
  if (!token) return 'visitor'
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`nookshare-query-cache:${token}`))
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('')
}

interface StoredCopy {
  owner: string
  value: string
}

export const queryPersister = createAsyncStoragePersister({
  key: QUERY_CACHE_KEY,
  throttleTime: 300,
  storage: store
    ? {
        getItem: async (key) => {
          const copy = await get<StoredCopy>(key, store)
          return copy && copy.owner === (await sessionOwner()) ? copy.value : null
        },
        setItem: async (key, value: string) => set(key, { owner: await sessionOwner(), value } satisfies StoredCopy, store),
        removeItem: (key) => del(key, store),
      }
    : undefined,
})

/** The copy saved by the last session, read once at start, before this session saves over it. */
let saved: Promise<PersistedClient | undefined> | undefined
const savedCopy = () => (saved ??= Promise.resolve(queryPersister.restoreClient()).catch(() => undefined))

const startsOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/** What PersistedQueryProvider restores from: the saved copy only when starting offline. */
const networkFirstPersister: Persister = {
  persistClient: (client) => queryPersister.persistClient(client),
  removeClient: () => queryPersister.removeClient(),
  restoreClient: () => (startsOffline() ? savedCopy() : undefined),
}

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: networkFirstPersister,
  maxAge: PERSIST_MAX_AGE,
  buster: BUSTER,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
}

/**
 * The signed-in user's id as this session last saw it (the saved copy is only read back by the session
 * that wrote it), so a page can start its requests alongside the profile's instead of after it.
 */
export async function savedUserId(): Promise<string | undefined> {
  const copy = await savedCopy()
  const profile = copy?.clientState.queries.find((q) => q.queryKey[0] === queryRoots.profile)?.state.data as { _id?: unknown } | undefined
  return typeof profile?._id === 'string' ? profile._id : undefined
}

/** Logout: the copy read at start must not come back either. */
export function forgetSavedCopy() {
  saved = Promise.resolve(undefined)
}

/** Puts the saved copy in (only where it is newer than what the cache holds). */
export async function restoreSavedCopy(queryClient: QueryClient) {
  const copy = await savedCopy()
  if (!copy || copy.buster !== BUSTER || copy.timestamp < Date.now() - PERSIST_MAX_AGE) return
  hydrate(queryClient, copy.clientState)
}

/**
 * Started online: fall back to the saved copy when the network goes away, a request finds none, or the
 * server does not answer (lie-fi: reachability.ts).
 */
export function restoreWhenNetworkFails(queryClient: QueryClient) {
  void savedCopy()
  let done = false
  const restore = () => {
    if (done) return
    done = true
    stopWatching()
    void restoreSavedCopy(queryClient)
  }
  const stopWatching = onReachabilityChange(() => isUnreachable() && restore())
  window.addEventListener('offline', restore, { once: true })
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isNetworkError(event.action.error)) {
      unsubscribe()
      restore()
    }
  })
}
