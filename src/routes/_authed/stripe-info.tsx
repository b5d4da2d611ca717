// /stripe-info (spec 2): the host's payment setup with Stripe.
import { createFileRoute } from '@tanstack/react-router'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { PaymentSetupPage } from '../../features/payments/components/payment-setup-page'
import { text } from '../../lib/search-params'
import { paymentConfigQueryOptions } from '../../features/payments/api/payment-config'
import { paymentStatusQueryOptions } from '../../features/payments/api/payment-status'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/stripe-info')({
  head: () => titleHead('Payment setup'),
  // Reached from accepting a booking: once set up, the host goes back to that request.
  validateSearch: (raw: Record<string, unknown>): { booking?: string } => ({ booking: text(raw.booking, { max: 64 }) }),
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(paymentStatusQueryOptions())
    void queryClient.prefetchQuery(paymentConfigQueryOptions())
  },
  component: StripeInfoPage,
})

function StripeInfoPage() {
  const user = useSignedInUser()
  const { booking } = Route.useSearch()
  return <PaymentSetupPage user={user} returnToBooking={booking} />
}
