// /bookings: the user's bookings as renter and as host, grouped by state, with the steps allowed now.
import { createFileRoute, Link } from '@tanstack/react-router'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { PAYOUT_SETUP_TOAST_ID, toast } from '../../lib/toast'
import { PageSpinner } from '../../components/ui/spinner'
import { RenderInSlices } from '../../components/ui/render-in-slices'
import { RouteError } from '../../components/ui/route-error'
import { bookingsQueryOptions } from '../../features/bookings/api/bookings'
import { BookingsView } from '../../features/bookings/components/bookings-page'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { BookingChecksButton } from '../../features/evidence/components/booking-checks-button'
import { ReceiptsLink } from '../../features/receipts/components/receipts-link'
import { BookingVisits } from '../../features/visits/components/booking-visits'
import { loadQuery } from '../../lib/offline-first-load'
import { text } from '../../lib/search-params'
import { titleHead } from '../../lib/page-title'
import { WithBookingReviews } from '../-components/booking-reviews'
import { YourSpaceSection } from '../../features/bookings/your-space/your-space-section'
import { paymentStatusQueryOptions } from '../../features/payments/api/payment-status'

export const Route = createFileRoute('/_authed/bookings')({
  head: () => titleHead('Bookings'),
  // view=space: only "Your space" (the home-screen shortcut), which needs nothing but this device.
  // payouts=ready: back from the payout setup that Accept on the highlighted request sent the host to.
  validateSearch: (raw: Record<string, unknown>): { highlight?: string; view?: 'space'; payouts?: 'ready' } => ({
    highlight: text(raw.highlight, { max: 64 }),
    payouts: raw.payouts === 'ready' ? 'ready' : undefined,
    view: raw.view === 'space' ? 'space' : undefined,
  }),
  loaderDeps: ({ search }) => ({ view: search.view }),
  loader: ({ context: { queryClient, userId }, deps }) => (deps.view === 'space' ? undefined : loadQuery(queryClient, bookingsQueryOptions(userId))),
  errorComponent: RouteError,
  component: BookingsList,
})

function BookingsList() {
  const { id: userId } = useSignedInUser()
  const { view } = Route.useSearch()
  return view === 'space' ? <YourSpaceOnly userId={userId} /> : <AllBookings userId={userId} />
}

function AllBookings({ userId }: { userId: string }) {
  const { highlight, payouts } = Route.useSearch()
  const { data } = useSuspenseQuery(bookingsQueryOptions(userId))
  // The note believes Stripe's status, not the address (the setup page has just read it: no wait).
  const payoutStatus = useQuery({ ...paymentStatusQueryOptions(), enabled: payouts === 'ready' })
  const payoutsReady = payouts === 'ready' && payoutStatus.data?.needsOnboarding === false
  // "Finish your payment setup", shown when Accept sent the host away, is no longer true.
  useEffect(() => {
    if (payoutsReady) toast.dismiss(PAYOUT_SETUP_TOAST_ID)
  }, [payoutsReady])
  const today = new Date().toISOString().slice(0, 10)
  return (
    <RenderInSlices fallback={<PageSpinner />}>
      <WithBookingReviews>
        <BookingsView
          list={data}
          kind="bookings"
          highlight={highlight}
          highlightNote={payoutsReady ? 'Payouts are set up. You can accept this request now.' : undefined}
          after={<YourSpaceSection userId={userId} asRenter={data.asRenter} />}
          extra={(b) => (
            <>
              <BookingChecksButton userId={userId} bookingId={b.id} state={b.state} started={b.state !== 'confirmed' || b.startDate <= today} />
              <ReceiptsLink bookingId={b.id} paidCents={b.paidCents} />
              <BookingVisits userId={userId} bookingId={b.id} state={b.state} />
            </>
          )}
        />
      </WithBookingReviews>
    </RenderInSlices>
  )
}

/** "Your space" alone reads from the device: the bookings list is only a hint here, never waited for. */
function YourSpaceOnly({ userId }: { userId: string }) {
  const asRenter = useQuery({ ...bookingsQueryOptions(userId), throwOnError: false }).data?.asRenter
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Your space</h1>
        <Link to="/bookings" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          All bookings →
        </Link>
      </div>
      <YourSpaceSection userId={userId} asRenter={asRenter} only />
    </div>
  )
}
