// /success: Stripe Checkout's return after paying; shows the booking once the webhook has confirmed it.
import { createFileRoute } from '@tanstack/react-router'
import { RouteError } from '../../components/ui/route-error'
import { Message } from '../../features/bookings/components/checkout-page'
import { ConfirmingPayment, PAYMENT_RECEIVED, SuccessPage } from '../../features/bookings/components/payment-result'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { bookingQueryOptions } from '../../features/bookings/api/bookings'
import { loadQuery } from '../../lib/offline-first-load'
import { text } from '../../lib/search-params'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/success')({
  head: () => titleHead('Payment received'),
  validateSearch: (raw: Record<string, unknown>): { booking?: string } => ({ booking: text(raw.booking, { max: 64 }) }),
  loaderDeps: ({ search: { booking } }) => ({ booking }),
  // The booking's first answer; the page then polls it (the same options) until the webhook has confirmed it.
  loader: ({ context: { queryClient, userId }, deps: { booking } }) =>
    booking ? loadQuery(queryClient, bookingQueryOptions(userId, booking, { waitForPayment: true })).then(() => undefined) : undefined,
  pendingComponent: ConfirmingPayment,
  // Whatever kept the booking from loading, the payment went through: the page says so (with Retry).
  errorComponent: (props) => (
    <RouteError
      {...props}
      text={{ 'not-found': PAYMENT_RECEIVED, forbidden: PAYMENT_RECEIVED, offline: PAYMENT_RECEIVED, unreachable: PAYMENT_RECEIVED, failed: PAYMENT_RECEIVED }}
    />
  ),
  component: SuccessRoute,
})

function SuccessRoute() {
  const { booking } = Route.useSearch()
  const { id: userId } = useSignedInUser()
  if (!booking) return <Message title="Thank you" body="Your bookings show every payment." />
  return <SuccessPage userId={userId} bookingId={booking} />
}
