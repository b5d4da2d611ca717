// /canceled: Stripe Checkout's return when the renter backs out; nothing was charged.
import { createFileRoute } from '@tanstack/react-router'
import { RouteError } from '../../components/ui/route-error'
import { CanceledPage } from '../../features/bookings/components/payment-result'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { bookingQueryOptions } from '../../features/bookings/api/bookings'
import { loadQuery } from '../../lib/offline-first-load'
import { text } from '../../lib/search-params'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/canceled')({
  head: () => titleHead('Payment cancelled'),
  validateSearch: (raw: Record<string, unknown>): { booking?: string } => ({ booking: text(raw.booking, { max: 64 }) }),
  loaderDeps: ({ search: { booking } }) => ({ booking }),
  // The booking only adds "Try again" and how long it stays reserved: the page does without it (optional).
  loader: ({ context: { queryClient, userId }, deps: { booking } }) =>
    booking ? loadQuery(queryClient, bookingQueryOptions(userId, booking), { optional: true }).then(() => undefined) : undefined,
  errorComponent: RouteError,
  component: CanceledRoute,
})

function CanceledRoute() {
  const { booking } = Route.useSearch()
  const { id: userId } = useSignedInUser()
  return <CanceledPage userId={userId} bookingId={booking} />
}
