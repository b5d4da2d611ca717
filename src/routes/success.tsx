// /success: Stripe Checkout's return after paying; shows the booking once the webhook has confirmed it.
import { createFileRoute } from '@tanstack/react-router'
import { requireAuth } from '../features/auth/require-auth'
import { Message } from '../features/bookings/components/checkout-page'
import { SuccessPage } from '../features/bookings/components/payment-result'
import { SignedIn } from '../features/bookings/components/signed-in'
import { text } from '../lib/search-params'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/success')({
  head: () => titleHead('Payment received'),
  validateSearch: (raw: Record<string, unknown>): { booking?: string } => ({ booking: text(raw.booking, { max: 64 }) }),
  beforeLoad: requireAuth,
  component: SuccessRoute,
})

function SuccessRoute() {
  const { booking } = Route.useSearch()
  if (!booking) return <Message title="Thank you" body="Your bookings show every payment." />
  return <SignedIn path="/success">{(user) => <SuccessPage userId={user.id} bookingId={booking} />}</SignedIn>
}
