// /checkout: pay for an accepted booking (?booking=); in the sandbox also Stripe's stand-in page (?sandboxSession=).
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { CheckoutPage, Message } from '../../features/bookings/components/checkout-page'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { paymentConfigQueryOptions } from '../../features/payments/api/payment-config'
import { TestModeBadge } from '../../features/payments/components/test-mode-badge'
import { bookingQueryOptions } from '../../features/bookings/api/bookings'
import { loadQuery } from '../../lib/offline-first-load'
import { text } from '../../lib/search-params'
import { RouteError } from '../../components/ui/route-error'
import { titleHead } from '../../lib/page-title'

type Search = { booking?: string; sandboxSession?: string }

export const Route = createFileRoute('/_authed/checkout')({
  head: () => titleHead('Checkout'),
  validateSearch: (raw: Record<string, unknown>): Search => ({
    booking: text(raw.booking, { max: 64 }),
    sandboxSession: text(raw.sandboxSession, { max: 100, pattern: /^cs_\w+$/ }),
  }),
  loaderDeps: ({ search: { booking } }) => ({ booking }),
  // The booking before the page renders (one that cannot be loaded is the route's error screen), the
  // payment mode alongside it: only the "Test mode" badge, which the page does without (optional).
  loader: ({ context: { queryClient, userId }, deps: { booking } }) =>
    Promise.all([
      loadQuery(queryClient, paymentConfigQueryOptions(), { optional: true }),
      booking ? loadQuery(queryClient, bookingQueryOptions(userId, booking)) : undefined,
    ]).then(() => undefined),
  errorComponent: RouteError,
  component: CheckoutRoute,
})

function CheckoutRoute() {
  const { booking, sandboxSession } = Route.useSearch()
  const { data: config } = useQuery(paymentConfigQueryOptions())
  const { id: userId } = useSignedInUser()
  if (!booking) return <Message title="Nothing to pay" body="Open a booking from your bookings to pay for it." />
  return <CheckoutPage userId={userId} bookingId={booking} sandboxSession={sandboxSession} badge={config?.mode === 'sandbox' ? <TestModeBadge /> : null} />
}
