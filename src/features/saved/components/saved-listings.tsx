// The renter's saved listings, for the dashboard: newest first, each with its heart; unsent changes are
// shown as made. Offline it shows the copy saved on the device, with a note. Empty: back to searching.
import type { ReactNode } from 'react'
import { OfflineAge } from '../../../components/ui/offline-age'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-client'
import { useOnline } from '../../../lib/use-online'
import type { Storage } from '@contract/storage'
import { useSavedListings } from '../hooks/use-saved'

/**
 * The page embedding it supplies how a listing looks (`renderListing`: the search card, which carries the
 * heart) and the way back to searching (`browseLink`: the renter's last search), both owned by storages.
 */
export function SavedListings({
  userId,
  renderListing,
  browseLink,
  headingLevel = 2,
}: {
  userId: string
  renderListing: (storage: Storage) => ReactNode
  browseLink: ReactNode
  headingLevel?: 2 | 3
}) {
  const { items, list, pendingCount } = useSavedListings(userId)
  const online = useOnline()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby="saved-listings-heading" data-testid="saved-listings">
      <div className="flex items-baseline justify-between gap-3">
        <Heading id="saved-listings-heading" className="text-lg font-semibold text-stone-900">
          Saved listings{items && items.length > 0 ? <span className="ml-1.5 text-stone-500">({items.length})</span> : null}
        </Heading>
      </div>
      <OfflineAge updatedAt={list.dataUpdatedAt} className="mt-2" />
      {pendingCount > 0 && !online && (
        <p className="mt-2 text-sm text-stone-600" data-testid="saved-pending">
          {pendingCount === 1 ? '1 change' : `${pendingCount} changes`} will be saved when you're back online.
        </p>
      )}
      <div className="mt-3">
        {items ? (
          items.length ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {items.map(({ storage }) => (
                <li key={storage.id} data-testid="saved-listing">
                  {renderListing(storage)}
                </li>
              ))}
            </ul>
          ) : (
            <EmptySaved browseLink={browseLink} />
          )
        ) : list.isError ? (
          <div className="rounded-xl border border-stone-200 p-4 text-sm text-stone-700">
            <p>{errorMessage(list.error, "We couldn't load your saved listings.")}</p>
            <button className="btn-secondary mt-3" onClick={() => void list.refetch()}>
              Retry
            </button>
          </div>
        ) : !online ? (
          <p className="rounded-xl bg-stone-100 p-4 text-sm text-stone-700">You're offline. Your saved listings will show when you're back online.</p>
        ) : (
          <div className="grid place-items-center py-10">
            <Spinner label="Loading saved listings" />
          </div>
        )}
      </div>
    </section>
  )
}

function EmptySaved({ browseLink }: { browseLink: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 px-4 py-8 text-center" data-testid="saved-empty">
      <p className="font-semibold text-stone-900">No saved listings yet</p>
      <p className="mx-auto mt-1 mb-4 max-w-sm text-sm text-stone-600">Tap the heart on a listing to keep it here and compare later.</p>
      {browseLink}
    </div>
  )
}
