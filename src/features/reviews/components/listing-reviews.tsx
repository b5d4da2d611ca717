// A listing's reviews on its page: the average and count, then the published renter reviews newest first,
// five at a time ("Show more"). The host answers here; an admin may hide one.
import { useInfiniteQuery } from '@tanstack/react-query'
import { ratingLabel } from '@contract/review-constants'
import { listingReviewsQueryOptions } from '../api/reviews'
import { ReviewCard } from './review-card'

export function ListingReviews({ storageId, hostFirstName, isHost, isAdmin }: { storageId: string; hostFirstName: string; isHost: boolean; isAdmin: boolean }) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isPending, isError } = useInfiniteQuery(listingReviewsQueryOptions(storageId))
  const rating = data?.pages[0]?.rating ?? null
  const items = data?.pages.flatMap((p) => p.items) ?? []
  return (
    <section aria-labelledby="reviews-title" data-testid="listing-reviews">
      <h2 id="reviews-title" className="text-lg font-semibold text-stone-900">
        {rating ? (
          <>
            <span className="text-amber-500" aria-hidden="true">
              ★{' '}
            </span>
            {ratingLabel(rating)}
          </>
        ) : (
          'Reviews'
        )}
      </h2>
      {isPending ? (
        <p className="mt-2 text-sm text-stone-500">Loading reviews…</p>
      ) : isError && items.length === 0 ? (
        <p className="mt-2 text-sm text-stone-500">Reviews could not load.</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No reviews yet. Renters review after their stay.</p>
      ) : (
        <div className="mt-1">
          {items.map((r) => (
            <ReviewCard key={r.id} review={r} canAnswer={isHost} canHide={isAdmin} hostName={hostFirstName} />
          ))}
        </div>
      )}
      {hasNextPage && (
        <button type="button" className="btn-secondary mt-2 min-h-11" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
        </button>
      )}
    </section>
  )
}
