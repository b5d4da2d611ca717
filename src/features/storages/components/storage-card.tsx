// A search result: cover photo, price per month, minimum stay, title, type, size and price per square foot (and whether the
// renter's things fit) and city.
import { Link } from '@tanstack/react-router'
import type { Storage } from '@contract/storage'
import { ratingLabel } from '@contract/review-constants'
import { minimumStayShort } from '@contract/storage-constants'
import { formatPricePerSqft } from '@contract/money'
import { useListingActions } from '../../../components/ui/listing-actions'
import { distanceLabel, monthlyPrice, placeLabel, sizeLabel, typeLabel } from '../format'
import { ListingPhoto } from './listing-photo'
import { InstantBookBadge } from '../../../components/ui/instant-book-badge'

/**
 * headingLevel follows the page's outline: 2 in result lists under the page title, 3 inside a section.
 * `first` marks a card in the first screenful: its photo loads at once (the first one first), not
 * lazily, since it is what the page is for.
 */
export function StorageCard({
  storage,
  highlighted,
  onHover,
  headingLevel = 2,
  first,
  saveable = true,
  fit,
  stay,
}: {
  storage: Storage
  highlighted?: boolean
  onHover?: (id: string | null) => void
  headingLevel?: 2 | 3
  first?: 'lead' | boolean
  /** The actions slot (the heart, from the app shell); off in the editor's preview. */
  saveable?: boolean
  /** The search's fit list: the listing page keeps it, for the booking request. */
  fit?: string
  /** The search's dates: the listing page's booking panel starts with them. */
  stay?: { from: string; to?: string }
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const cover = storage.photos[0]
  const actions = useListingActions()
  const perSqft = formatPricePerSqft(storage.priceCents, storage.sizeSqft, storage.currency)
  // The heart is the link's sibling, laid over the photo: a button inside a link would open the listing.
  return (
    <div className="relative h-full">
      <Link
        to="/storages/$id"
        params={{ id: storage.id }}
        search={{ ...(fit ? { fit } : {}), ...(stay ? { from: stay.from, ...(stay.to ? { to: stay.to } : {}) } : {}) }}
        data-testid="storage-card"
        onMouseEnter={() => onHover?.(storage.id)}
        onMouseLeave={() => onHover?.(null)}
        className={`card group flex h-full flex-col overflow-hidden transition hover:shadow-md ${highlighted ? 'ring-2 ring-brand-600' : ''}`}
      >
        <div className="relative aspect-[3/2] bg-stone-100">
          {cover ? (
            <ListingPhoto
              src={cover.thumbUrl}
              alt=""
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first === 'lead' ? 'high' : undefined}
              className="h-full w-full object-cover transition group-hover:scale-[1.02]"
            />
          ) : (
            <div className="grid h-full place-items-center text-sm text-stone-600">No photo yet</div>
          )}
          <span className="absolute top-2 left-2 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-semibold text-stone-800 shadow-sm">
            {typeLabel(storage.spaceType)}
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <div className="flex items-baseline justify-between gap-2">
            {/* Two lines: titles end with the neighbourhood ("Garage bay in Kitsilano"), which one line cut off on desktop cards. */}
            <Heading className="line-clamp-2 font-semibold leading-snug text-stone-900" title={storage.title || undefined}>
              {storage.title || 'Untitled listing'}
            </Heading>
          </div>
          {storage.rating && (
            <p className="text-sm text-stone-700" data-testid="card-rating">
              <span className="text-amber-500" aria-hidden="true">
                ★
              </span>{' '}
              {ratingLabel(storage.rating)}
            </p>
          )}
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
            {/* One flex item: the row's gap would set this separator wider apart than the size label's own. */}
            <span>
              {sizeLabel(storage)}
              {perSqft && (
                <span className="text-stone-500">
                  {' · '}
                  <span data-testid="card-per-sqft">{perSqft}</span>
                </span>
              )}
            </span>
            {storage.fit && (
              <span
                data-testid="card-fit"
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${storage.fit === 'fits' ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800'}`}
              >
                {storage.fit === 'fits' ? 'Fits' : 'Tight fit'}
              </span>
            )}
            {storage.instantBook && <InstantBookBadge />}
          </p>
          <p className="text-sm text-stone-600">
            {placeLabel(storage)}
            {storage.distanceKm != null && (
              <span className="text-stone-500">
                {' · '}
                <span data-testid="card-distance" className="whitespace-nowrap">
                  {distanceLabel(storage.distanceKm)}
                </span>
              </span>
            )}
          </p>
          <p className="mt-auto flex flex-wrap items-baseline justify-between gap-x-2 pt-1 text-stone-900">
            <span>
              <span className="text-lg font-bold">{monthlyPrice(storage)}</span>
              <span className="text-sm text-stone-500"> / month</span>
            </span>
            <span className="text-sm text-stone-600" data-testid="card-minimum">
              {minimumStayShort(storage.minimumDays)}
            </span>
          </p>
        </div>
      </Link>
      {saveable && actions && <div className="absolute top-1.5 right-1.5">{actions(storage)}</div>}
    </div>
  )
}
