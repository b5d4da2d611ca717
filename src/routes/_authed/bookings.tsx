// /bookings: the user's bookings as renter and as host, grouped by state, with the steps allowed now.
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { PageSpinner } from '../../components/ui/spinner'
import { RenderInSlices } from '../../components/ui/render-in-slices'
import { noDataYet, RouteError } from '../../components/ui/route-error'
import { bookingsQueryOptions } from '../../features/bookings/api/bookings'
import { BookingsView } from '../../features/bookings/components/bookings-page'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { BookingChecksButton } from '../../features/evidence/components/booking-checks-button'
import { ReceiptsLink } from '../../features/receipts/components/receipts-link'
import { loadSignedInQuery } from '../../lib/signed-in-load'
import { text } from '../../lib/search-params'
import { titleHead } from '../../lib/page-title'
import { WithBookingReviews } from '../-components/booking-reviews'

export const Route = createFileRoute('/_authed/bookings')({
  head: () => titleHead('Bookings'),
  validateSearch: (raw: Record<string, unknown>): { highlight?: string } => ({ highlight: text(raw.highlight, { max: 64 }) }),
  loader: ({ context: { queryClient, userId } }) => loadSignedInQuery(queryClient, bookingsQueryOptions(userId)),
  errorComponent: RouteError,
  component: BookingsList,
})

function BookingsList() {
  const { id: userId } = useSignedInUser()
  const { highlight } = Route.useSearch()
  // An error before any data goes to the route's error component.
  const { data } = useQuery({ ...bookingsQueryOptions(userId), throwOnError: noDataYet })
  const today = new Date().toISOString().slice(0, 10)
  if (data)
    return (
      <RenderInSlices fallback={<PageSpinner />}>
        <WithBookingReviews>
          <BookingsView
            list={data}
            kind="bookings"
            highlight={highlight}
            extra={(b) => (
              <>
                <BookingChecksButton userId={userId} bookingId={b.id} state={b.state} started={b.state !== 'confirmed' || b.startDate <= today} />
                <ReceiptsLink bookingId={b.id} paidCents={b.paidCents} />
              </>
            )}
          />
        </WithBookingReviews>
      </RenderInSlices>
    )
  return <PageSpinner />
}
