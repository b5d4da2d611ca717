// The result grid (spec 4, Storage search): pages of 8 from page 1, "Load more" for the next page, a
// loading state, an empty state, and on failure the list is cleared and a retry offered.
import { useInfiniteQuery } from '@tanstack/react-query'
import { OfflineAge } from '../../../components/ui/offline-age'
import { Spinner } from '../../../components/ui/spinner'
import { isNetworkError } from '../../../lib/api-client'
import { formatTotal } from '@contract/storage-constants'
import { storagesQueryOptions } from '../api/search-storages'
import type { ApiSearch } from '../search-params'
import { StorageCard } from './storage-card'
import { StorageResultsSkeleton } from './storage-skeletons'

/** Cards in the first screenful at the widest layout (one row of four). */
const FIRST_SCREENFUL = 4

export function StorageResults({ search, onReset }: { search: ApiSearch; onReset: () => void }) {
  const query = useInfiniteQuery(storagesQueryOptions(search))
  const items = query.data?.pages.flatMap((p) => p.items) ?? []
  const total = query.data?.pages[0]?.total ?? 0
  const corrected = query.data?.pages[0]?.correctedQuery
  // A failed fetch clears the list (spec 8) and offers a retry; but results already seen stay on screen
  // when it failed for want of network (offline, they are the saved copy).
  if (query.isError && !query.isFetching && !(query.data && isNetworkError(query.error))) {
    return (
      <div role="alert" className="card mt-6 p-8 text-center">
        <p className="font-semibold text-stone-900">We couldn't load storage listings.</p>
        <p className="mt-1 text-sm text-stone-600">Check your connection and try again.</p>
        <button className="btn-primary mt-4" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    )
  }
  // Offline with nothing saved for this search, the query waits for the network (paused): say so rather
  // than show skeletons for as long as the device stays offline. It loads by itself once back online.
  if (query.isPending && query.fetchStatus === 'paused') {
    return (
      <div role="status" className="card mt-6 p-8 text-center" data-testid="search-offline-unsaved">
        <p className="text-lg font-semibold text-stone-900">You're offline</p>
        <p className="mt-1 text-sm text-stone-600">
          This search hasn't been opened on this device before, so it isn't saved for offline. Results will load as soon as you're back online.
        </p>
      </div>
    )
  }
  if (query.isPending || (query.isError && query.isFetching)) {
    return <StorageResultsSkeleton />
  }
  if (items.length === 0) {
    return (
      <div className="card mt-6 p-8 text-center">
        <p className="text-lg font-semibold text-stone-900">No storage matches your search</p>
        <p className="mt-1 text-sm text-stone-600">Try another city or postal code, or loosen the filters.</p>
        <button className="btn-secondary mt-4" onClick={onReset}>
          Clear search and filters
        </button>
      </div>
    )
  }
  return (
    <div className="mt-4">
      <OfflineAge updatedAt={query.dataUpdatedAt} className="mb-3" />
      {corrected && (
        <p className="mb-1 text-sm text-stone-700" data-testid="search-corrected">
          Showing results for <span className="font-semibold text-stone-900">“{corrected}”</span>
          <span className="text-stone-500"> · no exact match for “{search.q}”</span>
        </p>
      )}
      <p className="text-sm text-stone-600" aria-live="polite">
        {formatTotal(total)}
        {query.isFetching && !query.isFetchingNextPage && <Spinner className="ml-2 h-3.5 w-3.5 align-middle" label="Updating" />}
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {items.map((s, i) => (
          <StorageCard
            key={s.id}
            storage={s}
            first={i === 0 ? 'lead' : i < FIRST_SCREENFUL}
            fit={search.fit ? String(search.fit) : undefined}
            stay={search.from ? { from: String(search.from), to: search.to ? String(search.to) : undefined } : undefined}
          />
        ))}
      </div>
      <div className="mt-8 flex flex-col items-center gap-2">
        <p className="text-sm text-stone-500">
          Showing {items.length} of {formatTotal(total)}
        </p>
        {query.hasNextPage && (
          <button className="btn-secondary min-w-40" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? <Spinner className="h-4 w-4" label="Loading more" /> : 'Load more'}
          </button>
        )}
      </div>
    </div>
  )
}
