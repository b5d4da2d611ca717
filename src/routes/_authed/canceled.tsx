// /canceled: Stripe Checkout's return when the renter backs out; nothing was charged.
import { createFileRoute } from '@tanstack/react-router'
import { CanceledPage } from '../../features/bookings/components/payment-result'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { bookingQueryOptions } from '../../features/bookings/api/bookings'
import { text } from '../../lib/search-params'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/canceled')({
  head: () => titleHead('Payment cancelled'),
  validateSearch: (raw: Record<string, unknown>): { booking?: string } => ({ booking: text(raw.booking, { max: 64 }) }),
  loaderDeps: ({ search: { booking } }) => ({ booking }),
  loader: ({ context: { queryClient, userId }, deps: { booking } }) => {
    if (booking) void queryClient.prefetchQuery(bookingQueryOptions(userId, booking))
  },
  component: CanceledRoute,
})

function CanceledRoute() {
  const { booking } = Route.useSearch()
  const { id: userId } = useSignedInUser()
  return <CanceledPage userId={userId} bookingId={booking} />
}
