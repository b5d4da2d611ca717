// /stripe-info (spec 2): the host's payment setup with Stripe.
import { createFileRoute } from '@tanstack/react-router'
import { RouteError } from '../../components/ui/route-error'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { PaymentSetupPage } from '../../features/payments/components/payment-setup-page'
import { text } from '../../lib/search-params'
import { paymentConfigQueryOptions } from '../../features/payments/api/payment-config'
import { paymentStatusQueryOptions } from '../../features/payments/api/payment-status'
import { loadQuery } from '../../lib/offline-first-load'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/stripe-info')({
  head: () => titleHead('Payment setup'),
  // Reached from accepting a booking: once set up, the host goes back to that request.
  validateSearch: (raw: Record<string, unknown>): { booking?: string } => ({ booking: text(raw.booking, { max: 64 }) }),
  // Stripe's status and the payment mode before the page renders (no spinner in between), both online only
  // (neither is saved on the device). Optional: their failure is the page's own to show (the "Connection
  // Error" box, the offline notice), so the page reads them with useQuery, not a suspense read.
  loader: ({ context: { queryClient } }) =>
    navigator.onLine
      ? Promise.all([
          loadQuery(queryClient, paymentStatusQueryOptions(), { optional: true }),
          loadQuery(queryClient, paymentConfigQueryOptions(), { optional: true }),
        ]).then(() => undefined)
      : undefined,
  errorComponent: RouteError,
  component: StripeInfoPage,
})

function StripeInfoPage() {
  const user = useSignedInUser()
  const { booking } = Route.useSearch()
  return <PaymentSetupPage user={user} returnToBooking={booking} />
}
