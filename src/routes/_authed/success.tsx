// /success: Stripe Checkout's return after paying; shows the booking once the webhook has confirmed it.
import { createFileRoute } from '@tanstack/react-router'
import { Message } from '../../features/bookings/components/checkout-page'
import { SuccessPage } from '../../features/bookings/components/payment-result'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { bookingQueryOptions } from '../../features/bookings/api/bookings'
import { text } from '../../lib/search-params'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/success')({
  head: () => titleHead('Payment received'),
  validateSearch: (raw: Record<string, unknown>): { booking?: string } => ({ booking: text(raw.booking, { max: 64 }) }),
  loaderDeps: ({ search: { booking } }) => ({ booking }),
  loader: ({ context: { queryClient, userId }, deps: { booking } }) => {
    if (booking) void queryClient.prefetchQuery(bookingQueryOptions(userId, booking, { waitForPayment: true }))
  },
  component: SuccessRoute,
})

function SuccessRoute() {
  const { booking } = Route.useSearch()
  const { id: userId } = useSignedInUser()
  if (!booking) return <Message title="Thank you" body="Your bookings show every payment." />
  return <SuccessPage userId={userId} bookingId={booking} />
}
