// /storages/:id: one listing with gallery, details, approximate map, host card and booking entry point.
import { createFileRoute, Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { OfflineAge } from '../components/ui/offline-age'
import { useAuth } from '../features/auth/auth-context'
import { BookBar } from '../features/bookings/components/book-bar'
import { BookingPanel } from '../features/bookings/components/booking-panel'
import { useMyBookingHere, YourBookingHere } from '../features/bookings/components/your-booking-here'
import { storageQueryOptions } from '../features/storages/api/get-storage'
import { ListingAvailability } from '../features/storages/components/availability-calendar'
import { BookingCard } from '../features/storages/components/booking-card'
import { today } from '../features/bookings/format'
import { HostCard } from '../features/storages/components/host-card'
import { PhotoGallery } from '../features/storages/components/photo-gallery'
import { StorageDetails } from '../features/storages/components/storage-details'
import { StoragePageSkeleton } from '../features/storages/components/storage-skeletons'
import { monthlyPrice, placeLabel, sizeLabel, typeLabel } from '../features/storages/format'
import { LocationMap } from '../features/storages/map/location-map'
import { useMessageHost } from '../features/storages/message-host'
import { SaveButton } from '../features/saved/components/save-button'
import { ListingReviews } from '../features/reviews/components/listing-reviews'
import { ratingLabel } from '@contract/review-constants'
import { ReportListingLink } from '../features/safety/components/report-listing-link'
import { ContactNote } from '../features/trust/components/contact-note'
import { routeErrorScreens } from '../components/ui/route-error'
import { loadQuery, notFoundOn404 } from '../lib/offline-first-load'
import { shareHead } from '../lib/page-meta'
import { titleHead } from '../lib/page-title'
import { fitParam, localToday, stayParams } from '../features/storages/search-params'
import { InstantBookBadge } from '../components/ui/instant-book-badge'
import { HydrateOnView, useFromServerHtml } from '../lib/hydrate-on-view'
import { useHydrated } from '../lib/prerender'
import type { Storage } from '@contract/storage'

export const Route = createFileRoute('/storages/$id')({
  // Read before anything is done on it (the photos swipe and the Book bar scrolls without the app): a
  // visitor's first touch starts the app (docs/rendering.md, 16).
  staticData: { render: 'request', start: 'touch' },
  // What the renter listed in "What fits?" on the results, carried into their booking request, and the
  // search's dates, which the booking panel starts with.
  validateSearch: (raw: Record<string, unknown>): { fit?: string; from?: string; to?: string } => ({
    fit: fitParam(raw.fit),
    ...stayParams(raw.from, raw.to, localToday()),
  }),
  // Cache first: a listing seen before shows at once (offline too); a stale one refreshes behind it.
  loader: ({ context, params }) => loadQuery(context.queryClient, storageQueryOptions(params.id, context.api)).catch(notFoundOn404),
  // Shared links preview the listing: its title and city, price and size, and first photo.
  head: ({ loaderData: s, params }) =>
    s
      ? shareHead({
          title: `${s.title}, ${s.address.city}`,
          description: `${typeLabel(s.spaceType)} · ${sizeLabel(s)} · ${monthlyPrice(s)} / month. ${s.description}`.slice(0, 200),
          path: `/storages/${params.id}`,
          image: s.photos[0]?.url,
        })
      : titleHead('Storage space'),
  ...routeErrorScreens({
    gone: { title: 'This storage is no longer listed', body: 'The host may have paused or removed it. Plenty of other spaces are nearby.' },
    text: {
      // Only listings opened before are on the device.
      offline: {
        title: "You're offline",
        body: "This listing hasn't been opened on this device before, so it isn't saved for offline. Try again once you're connected.",
      },
      failed: { title: "We couldn't load this storage", body: 'Check your connection and try again.' },
    },
    wayOut: (alone) => (
      <Link to="/storages" className={alone ? 'btn-primary' : 'btn-secondary'}>
        Browse storage
      </Link>
    ),
  }),
  pendingComponent: StoragePageSkeleton,
  component: StoragePage,
})

function StoragePage() {
  const { id } = Route.useParams()
  const { fit, from, to } = Route.useSearch()
  const { data: storage, dataUpdatedAt } = useSuspenseQuery(storageQueryOptions(id))
  const { user } = useAuth()
  const isOwn = user?.id === storage.host.id
  const mine = useMyBookingHere(isOwn ? undefined : user?.id, storage.id)
  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
      <div className="flex items-center justify-between gap-3">
        <Link to="/storages" className="-ml-2 inline-flex min-h-11 items-center px-2 text-sm font-medium text-brand-700 hover:underline">
          ← All storage
        </Link>
        {!isOwn && storage.status === 'active' && <SaveButton storage={storage} variant="inline" />}
      </div>
      <OfflineAge updatedAt={dataUpdatedAt} className="mt-3" />
      {storage.status !== 'active' && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">This listing is {storage.status} — only you can see it.</p>
      )}
      <div className="mt-3">
        <PhotoGallery photos={storage.photos} title={storage.title} />
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_360px]">
        <div className="min-w-0 space-y-6">
          <header>
            <p className="flex flex-wrap items-center gap-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {typeLabel(storage.spaceType)}
              {storage.instantBook && <InstantBookBadge className="tracking-normal normal-case" />}
            </p>
            <h1 className="mt-1 text-2xl font-bold text-stone-900 sm:text-3xl">{storage.title}</h1>
            <p className="mt-1 text-stone-600">
              {sizeLabel(storage)} · {placeLabel(storage)} · <span className="font-semibold text-stone-900">{monthlyPrice(storage)}</span> / month
            </p>
            {storage.rating && (
              <a href="#reviews-title" className="mt-1 inline-block text-sm font-medium text-stone-800 hover:underline" data-testid="listing-rating">
                <span className="text-amber-500">★</span> {ratingLabel(storage.rating)}
              </a>
            )}
          </header>
          {/* Below the fold on a phone: hydrated as it comes into view or is touched (docs/rendering.md, 15). */}
          <HydrateOnView className="space-y-6">
            <ListingMore storage={storage} />
          </HydrateOnView>
        </div>
        <HydrateOnView className="lg:sticky lg:top-20 lg:self-start">
          <ListingBooking storage={storage} fit={fit} from={from} to={to} />
        </HydrateOnView>
      </div>
      {!isOwn && storage.status === 'active' && (
        <BookBar
          targetId="book"
          price={monthlyPrice(storage)}
          minimumDays={storage.minimumDays}
          label={mine ? 'Your booking' : storage.instantBook ? 'Instant book' : undefined}
        />
      )}
    </div>
  )
}

/**
 * The session as these sections hydrate from the server's HTML: a visitor's until this component has
 * hydrated, as the server rendered them (they may hydrate long after the rest of the page, the session known
 * by then). Mounted by the app (a listing opened from another page), the session at once.
 */
function useUserAfterHydration() {
  const { user, isLoading } = useAuth()
  const hydrated = useHydrated()
  const fromHtml = useFromServerHtml()
  return hydrated || !fromHtml ? { user, userPending: isLoading } : { user: null, userPending: false }
}

/** The host, the details, the reviews and the map. */
function ListingMore({ storage }: { storage: Storage }) {
  const { user } = useUserAfterHydration()
  const messageHost = useMessageHost()
  const isOwn = user?.id === storage.host.id
  return (
    <>
      <HostCard host={storage.host} isOwn={isOwn} onMessage={() => messageHost(storage.host.id, storage.id)} />
      <StorageDetails storage={storage} />
      {storage.status === 'active' && (
        <ListingReviews storageId={storage.id} hostFirstName={storage.host.firstName} isHost={isOwn} isAdmin={Boolean(user?.isAdmin)} />
      )}
      {!isOwn && storage.status === 'active' && <ReportListingLink storageId={storage.id} signedIn={Boolean(user)} />}
      {storage.location && (
        <section>
          <h2 className="text-lg font-semibold text-stone-900">Location</h2>
          <p className="mb-3 text-sm text-stone-600">
            {storage.location.approximate
              ? `${placeLabel(storage)}. The exact address is shared once your booking is confirmed.`
              : [storage.address.street, storage.address.city, storage.address.postalCode].filter(Boolean).join(', ')}
          </p>
          <LocationMap lat={storage.location.lat} lng={storage.location.lng} approximate={storage.location.approximate} />
        </section>
      )}
    </>
  )
}

/** The booking panel (beside the details on a wide screen, after them on a phone), or the host's own card. */
function ListingBooking({ storage, fit, from, to }: { storage: Storage; fit?: string; from?: string; to?: string }) {
  const { user, userPending } = useUserAfterHydration()
  const messageHost = useMessageHost()
  const isOwn = user?.id === storage.host.id
  const mine = useMyBookingHere(isOwn ? undefined : user?.id, storage.id)
  const panel = (
    <BookingPanel
      signedIn={Boolean(user)}
      userPending={userPending}
      userId={user?.id}
      unverifiedEmail={user && !user.emailVerified ? user.email : undefined}
      items={fit}
      stay={from ? { startDate: from, endDate: to } : undefined}
      noteHint={(draft) => user && !isOwn && <ContactNote otherUserId={storage.host.id} draft={draft} className="mt-1" />}
      listing={{
        id: storage.id,
        priceCents: storage.priceCents,
        currency: storage.currency,
        minimumDays: storage.minimumDays,
        maximumDays: storage.maximumDays,
        hostFirstName: storage.host.firstName,
        requireVerifiedId: storage.requireVerifiedId,
        instantBook: storage.instantBook,
      }}
      availability={(stay) => <ListingAvailability storageId={storage.id} today={today()} {...stay} />}
    />
  )
  return (
    <aside id="book" className="scroll-mt-20">
      {isOwn ? (
        <BookingCard storage={storage} isOwn onRequest={() => messageHost(storage.host.id, storage.id)} />
      ) : mine ? (
        <YourBookingHere booking={mine}>{panel}</YourBookingHere>
      ) : (
        panel
      )}
    </aside>
  )
}
