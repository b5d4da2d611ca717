// Route loaders' data, cache first: a page already in memory shows at once, online or offline; a stale
// copy is refreshed in the background only while online. Otherwise the network; offline, when the
// network fails, once the server stops answering (lie-fi), or when the answer is slow to come
// (SAVED_COPY_AFTER_MS), the copy saved on the device if it has one; the answer replaces it when it comes.
import type { DefaultError, EnsureInfiniteQueryDataOptions, EnsureQueryDataOptions, InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { ApiError, isNetworkError, NetworkError } from './api-client'
import { restoreSavedCopy, restoreSavedQuery } from './query-persist'
import { isUnreachable, onReachabilityChange, savedCopyDelay } from './reachability'

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/**
 * Puts in what the device kept for this page: the query cache's saved copy, or the page's own record
 * (saved-pages.ts: every search and listing opened here, whatever the page loads since).
 */
async function restoreSaved(queryClient: QueryClient, queryKey: QueryKey, { onlyThis = false } = {}) {
  if (onlyThis) {
    if (await restoreSavedQuery(queryClient, queryKey)) return
  } else await restoreSavedCopy(queryClient)
  if (queryClient.getQueryData(queryKey) !== undefined) return
  const { readSavedPage } = await import('./saved-pages').catch(() => ({ readSavedPage: async () => undefined }))
  const page = await readSavedPage(queryKey)
  if (page && queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, page.data, { updatedAt: page.savedAt })
}

async function cacheFirst<T>(queryClient: QueryClient, queryKey: QueryKey, load: (revalidate: boolean) => Promise<T>): Promise<T> {
  if (queryClient.getQueryData(queryKey) === undefined && (offline() || isUnreachable())) {
    // Started offline, or the server stopped answering: the saved copy, if the device has one.
    await restoreSaved(queryClient, queryKey)
    // Nothing saved: fail now rather than wait for a network that is not there.
    if (queryClient.getQueryData(queryKey) === undefined) throw new NetworkError("You're offline")
  }
  const inMemory = queryClient.getQueryData(queryKey) !== undefined
  const loading = load(!offline())
  if (inMemory) return loading
  // Lie-fi (online in name, no answer): when the answer is slow to come, or once the server counts as
  // unreachable, the saved copy if any.
  const watch = watchServer()
  loading.catch(() => {}) // awaited below, or superseded by the saved copy
  try {
    let first = await Promise.race([loading, watch.slow, watch.gone])
    if (first === 'slow') {
      await restoreSaved(queryClient, queryKey, { onlyThis: true })
      const saved = queryClient.getQueryData<T>(queryKey)
      if (saved !== undefined) return saved
      first = await Promise.race([loading, watch.gone])
    }
    if (first !== 'gone') return first
    await restoreSaved(queryClient, queryKey)
    const saved = queryClient.getQueryData<T>(queryKey)
    return saved === undefined ? await loading : saved
  } catch (err) {
    // A network error (a captive portal, a dead connection): the copy saved earlier, if any.
    if (!isNetworkError(err)) throw err
    await restoreSaved(queryClient, queryKey)
    const saved = queryClient.getQueryData<T>(queryKey)
    if (saved === undefined) throw err
    return saved
  } finally {
    watch.stop()
  }
}

/**
 * 'slow' once SAVED_COPY_AFTER_MS have passed without an answer (counting the time the app has already been
 * waiting on the link: savedCopyDelay), 'gone' once the server counts as unreachable.
 */
export function watchServer(): { slow: Promise<'slow'>; gone: Promise<'gone'>; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopWatching = () => {}
  const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), savedCopyDelay())))
  const gone = new Promise<'gone'>((resolve) => {
    stopWatching = onReachabilityChange(() => isUnreachable() && resolve('gone'))
  })
  return {
    slow,
    gone,
    stop: () => {
      clearTimeout(timer)
      stopWatching()
    },
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
