// Every route's loader: queryClient.ensureQueryData with the options its component reads (useSuspenseQuery),
// and the copy saved on the device when the network fails it. A page already in memory shows at once, online
// or offline; a stale copy is refreshed in the background only while online. Otherwise the network; offline,
// when the network fails, once the server stops answering (lie-fi), or when the answer is slow to come
// (SAVED_COPY_AFTER_MS), the saved copy if the device has one; the answer replaces it when it comes.
// Nothing saved: a NetworkError, which the route's errorComponent shows (and retries once the link answers).
import type { DefaultError, EnsureInfiniteQueryDataOptions, EnsureQueryDataOptions, InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { ApiError, isNetworkError, NetworkError } from './api-client'
import { restoreSavedCopy, restoreSavedQuery } from './query-persist'
import { isUnreachable, onReachabilityChange, savedCopyDelay } from './reachability'

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false

export interface LoadOptions {
  /**
   * A query the page can do without (a card left out when it is missing): its failure is not the page's,
   * and it is not waited for past the moment the page's saved copy would show (issue 40: the host dashboard
   * waited for its payment card until the server counted as gone).
   */
  optional?: boolean
}

/**
 * Puts in what the device kept for this page: the query cache's saved copy (onlyThis: this query's part of
 * it), this query's own record (a page left before the copy was written), or the page's saved record
 * (saved-pages.ts: every search and listing opened here, whatever the page loads since).
 */
async function restoreSaved(queryClient: QueryClient, queryKey: QueryKey, { onlyThis = false } = {}) {
  if (!onlyThis) await restoreSavedCopy(queryClient)
  if (await restoreSavedQuery(queryClient, queryKey)) return
  const { readSavedPage } = await import('./saved-pages').catch(() => ({ readSavedPage: async () => undefined }))
  const page = await readSavedPage(queryKey)
  if (page && queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, page.data, { updatedAt: page.savedAt })
}

async function cacheFirst<T>(queryClient: QueryClient, queryKey: QueryKey, load: (revalidate: boolean) => Promise<T>): Promise<T> {
  const saved = () => queryClient.getQueryData<T>(queryKey)
  if (saved() === undefined && (offline() || isUnreachable())) {
    // Started offline, or the server stopped answering: the saved copy, if the device has one.
    await restoreSaved(queryClient, queryKey)
    // Nothing saved: fail now rather than wait for a network that is not there.
    if (saved() === undefined) throw new NetworkError("You're offline")
  }
  const inMemory = saved() !== undefined
  const loading = load(!offline())
  if (inMemory) return loading
  // Lie-fi (online in name, no answer): when the answer is slow to come, or once the server counts as
  // unreachable, the saved copy if any.
  const watch = watchServer()
  loading.catch(() => {}) // awaited below, or superseded by the saved copy
  try {
    let first = await Promise.race([loading, watch.slow, watch.gone])
    if (first === 'slow') {
      // This page's own saved answer if there is one, else the answer still (until the server counts as gone).
      await restoreSaved(queryClient, queryKey, { onlyThis: true })
      if (saved() !== undefined) return saved() as T
      first = await Promise.race([loading, watch.gone])
    }
    if (first !== 'gone') return first
    await restoreSaved(queryClient, queryKey)
    // Nothing saved, and the server has stopped answering: the route's error screen says so now, rather
    // than a spinner until the request's deadline (8 s). It opens the page once the server answers.
    if (saved() === undefined) throw new NetworkError()
    return saved() as T
  } catch (err) {
    // A network error (a captive portal, a dead connection): the copy saved earlier, if any.
    if (!isNetworkError(err)) throw err
    await restoreSaved(queryClient, queryKey)
    if (saved() === undefined) throw err
    return saved() as T
  } finally {
    watch.stop()
  }
}

/** An optional query: loaded like any other, its failure ignored, not waited for past savedCopyDelay. */
function asOptional<T>(load: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), savedCopyDelay())))
  return Promise.race([load.catch(() => undefined), late]).finally(() => clearTimeout(timer))
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

/** A route loader's query: in the cache (the answer, or the saved copy) once it resolves, for useSuspenseQuery. */
export function loadQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, DefaultError, TData, TQueryKey>,
): Promise<TData>
export function loadQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, DefaultError, TData, TQueryKey>,
  how: LoadOptions & { optional: true },
): Promise<TData | undefined>
export function loadQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, DefaultError, TData, TQueryKey>,
  how: LoadOptions = {},
): Promise<TData | undefined> {
  const load = cacheFirst(queryClient, options.queryKey, (revalidate) => queryClient.ensureQueryData({ ...options, revalidateIfStale: revalidate }))
  return how.optional ? asOptional(load) : load
}

/** loadQuery's twin for a page of pages (useSuspenseInfiniteQuery). */
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
