// /stripe-info (spec 2): the host's payment setup with Stripe.
import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { PageSpinner } from '../components/ui/spinner'
import { useAuth } from '../features/auth/auth-context'
import { requireAuth } from '../features/auth/require-auth'
import { PaymentSetupPage } from '../features/payments/components/payment-setup-page'
import { text } from '../lib/search-params'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/stripe-info')({
  head: () => titleHead('Payment setup'),
  // Reached from accepting a booking: once set up, the host goes back to that request.
  validateSearch: (raw: Record<string, unknown>): { booking?: string } => ({ booking: text(raw.booking, { max: 64 }) }),
  beforeLoad: requireAuth,
  component: StripeInfoPage,
})

function StripeInfoPage() {
  const { user, isLoading, refresh } = useAuth()
  const { booking } = Route.useSearch()
  useEffect(() => {
    if (!user && !isLoading) void refresh()
  }, [user, isLoading, refresh])
  if (!user) return <PageSpinner />
  return <PaymentSetupPage user={user} returnToBooking={booking} />
}
