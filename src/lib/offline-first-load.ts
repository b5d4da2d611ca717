// Route loaders' data, cache first: a page already seen (in memory, or in the copy saved to IndexedDB by
// an earlier visit) shows at once, online or offline; a stale copy is refreshed in the background only
// while online. With no copy, the network; when that finds no network, the saved copy if it has one.
import type { DefaultError, EnsureInfiniteQueryDataOptions, EnsureQueryDataOptions, InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { ApiError, isNetworkError, NetworkError } from './api-client'
import { restoreSavedCopy } from './query-persist'
import { isUnreachable, onReachabilityChange } from './reachability'

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false

async function cacheFirst<T>(queryClient: QueryClient, queryKey: QueryKey, load: (revalidate: boolean) => Promise<T>): Promise<T> {
  if (queryClient.getQueryData(queryKey) === undefined && offline()) {
    // Started offline: the saved copy may not be in the cache yet (it is put in as the app starts).
    await restoreSavedCopy(queryClient)
    // Nothing saved: fail now rather than wait for a network that is not there.
    if (queryClient.getQueryData(queryKey) === undefined) throw new NetworkError("You're offline")
  }
  try {
    return await load(!offline())
  } catch (err) {
    // Online in name only (a captive portal, a dead connection): the copy saved earlier, if any.
    if (!isNetworkError(err)) throw err
    await restoreSavedCopy(queryClient)
    const saved = queryClient.getQueryData<T>(queryKey)
    if (saved === undefined) throw err
    return saved
  }
}

export function loadQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, DefaultError, TData, TQueryKey>,
): Promise<TData> {
  return cacheFirst(queryClient, options.queryKey, (revalidate) => queryClient.ensureQueryData({ ...options, revalidateIfStale: revalidate }))
}

export function loadInfiniteQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey, TPageParam = unknown>(
  queryClient: QueryClient,
  options: EnsureInfiniteQueryDataOptions<TQueryFnData, DefaultError, TData, TQueryKey, TPageParam>,
): Promise<InfiniteData<TData, TPageParam>> {
  return cacheFirst(queryClient, options.queryKey, (revalidate) => queryClient.ensureInfiniteQueryData({ ...options, revalidateIfStale: revalidate }))
}

/**
 * For a loader's catch: an API 404 is the route's "not found" (its notFoundComponent; on the server, a
 * 404 status), anything else stays an error.
 */
export function notFoundOn404(err: unknown): never {
  if (err instanceof ApiError && err.status === 404) throw notFound()
  throw err
}

/**
 * For the signed-in pages' loaders: the page's data before it renders when the server answers, but never
 * a page held back by a network that is not there. A copy in the cache renders at once (the page's query
 * refreshes it); offline, or once the server stops answering (lie-fi), the copy saved on the device is
 * put in and the page renders from it, or says it has nothing. An answered failure (a 500) is thrown to
 * the route's error component.
 */
export async function loadSignedInQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, DefaultError, TData, TQueryKey>,
): Promise<void> {
  if (queryClient.getQueryData(options.queryKey) !== undefined) return
  if (offline() || isUnreachable()) return restoreSavedCopy(queryClient)
  let stopWatching = () => {}
  const serverGone = new Promise<void>((resolve) => {
    stopWatching = onReachabilityChange(() => isUnreachable() && resolve())
  })
  const load = queryClient.ensureQueryData(options).then(
    () => undefined,
    (err: unknown) => {
      if (isNetworkError(err)) return
      throw err
    },
  )
  load.catch(() => {}) // Thrown below while the race is on; after the server is gone, the page's query says it.
  try {
    await Promise.race([load, serverGone])
  } finally {
    stopWatching()
  }
  if (queryClient.getQueryData(options.queryKey) === undefined) await restoreSavedCopy(queryClient)
}
