// The signed-in pages' loaders (code-split with those pages, so no visitor's first load carries this):
// the page's data before it renders when the server answers, else the copy saved on the device.
import type { DefaultError, EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { isNetworkError, NetworkError } from './api-client'
import { watchServer } from './offline-first-load'
import { restoreSavedCopy, restoreSavedQuery } from './query-persist'
import { isUnreachable, savedCopyDelay } from './reachability'

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/**
 * For the signed-in pages' loaders: the page's data before it renders when the server answers, but never
 * a page held back by a network that is not there. A copy in the cache renders at once (the page's query
 * refreshes it); offline, once the server stops answering (lie-fi), or when its answer is slow to come,
 * the copy saved on the device is put in and the page renders from it (the answer replaces it when it
 * comes), or says it has nothing. An answered failure (a 500) is thrown to the route's error component.
 */
export async function loadSignedInQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, DefaultError, TData, TQueryKey>,
): Promise<void> {
  if (queryClient.getQueryData(options.queryKey) !== undefined) return
  if (offline() || isUnreachable()) return restoreSaved(queryClient, options.queryKey)
  const watch = watchServer()
  const load = queryClient.ensureQueryData(options).then(
    () => undefined,
    (err: unknown) => {
      if (isNetworkError(err)) return
      throw err
    },
  )
  load.catch(() => {}) // Thrown below while the race is on; after the server is gone, the page's query says it.
  try {
    const first = await Promise.race([load, watch.slow, watch.gone])
    // Slow: this page's saved answer if there is one, else the answer still (until the server counts as gone).
    if (first === 'slow' && !(await restoreSavedQuery(queryClient, options.queryKey))) await Promise.race([load, watch.gone])
  } finally {
    watch.stop()
  }
  if (queryClient.getQueryData(options.queryKey) !== undefined) return
  await restoreSaved(queryClient, options.queryKey)
  // Nothing saved, and the server has stopped answering (lie-fi): the route's error screen says so now,
  // rather than a spinner until the request's deadline (8 s). It opens the page once the server answers.
  if (queryClient.getQueryData(options.queryKey) === undefined && !offline() && isUnreachable()) throw new NetworkError()
}

/**
 * For a query the page can do without (a card left out when it is missing): loaded as loadSignedInQuery
 * does, but waited for no longer than the saved copy is (savedCopyDelay), so on a link that hangs it never holds back the
 * page's own saved copy (issue 40: the host dashboard waited for its payment card until the server counted as
 * gone). Its failure is not the page's.
 */
export function loadOptionalQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, DefaultError, TData, TQueryKey>,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const load = loadSignedInQuery(queryClient, options).catch(() => undefined)
  const slow = new Promise<void>((resolve) => (timer = setTimeout(resolve, savedCopyDelay())))
  return Promise.race([load, slow]).finally(() => clearTimeout(timer))
}

/** The saved copy, and this page's own record if the copy does not hold its answer. */
async function restoreSaved(queryClient: QueryClient, queryKey: QueryKey) {
  await restoreSavedCopy(queryClient)
  await restoreSavedQuery(queryClient, queryKey)
}

/**
 * For a query a loader asks for without waiting (the page renders and shows it when it comes): its saved
 * answer, if its own is slow to come (SAVED_COPY_AFTER_MS); the answer replaces it when it comes.
 */
export function restoreIfSlow(queryClient: QueryClient, queryKey: QueryKey) {
  if (queryClient.getQueryData(queryKey) !== undefined) return
  setTimeout(() => {
    if (queryClient.getQueryData(queryKey) === undefined) void restoreSavedQuery(queryClient, queryKey)
  }, savedCopyDelay())
}
