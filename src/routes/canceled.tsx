// /canceled: Stripe Checkout's return when the renter backs out; nothing was charged.
import { createFileRoute } from '@tanstack/react-router'
import { requireAuth } from '../features/auth/require-auth'
import { CanceledPage } from '../features/bookings/components/payment-result'
import { SignedIn } from '../features/bookings/components/signed-in'
import { text } from '../lib/search-params'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/canceled')({
  head: () => titleHead('Payment cancelled'),
  validateSearch: (raw: Record<string, unknown>): { booking?: string } => ({ booking: text(raw.booking, { max: 64 }) }),
  beforeLoad: requireAuth,
  component: CanceledRoute,
})

function CanceledRoute() {
  const { booking } = Route.useSearch()
  return <SignedIn path="/canceled">{(user) => <CanceledPage userId={user.id} bookingId={booking} />}</SignedIn>
}
