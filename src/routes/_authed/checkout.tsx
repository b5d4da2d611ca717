// /checkout: pay for an accepted booking (?booking=); in the sandbox also Stripe's stand-in page (?sandboxSession=).
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { CheckoutPage, Message } from '../../features/bookings/components/checkout-page'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { paymentConfigQueryOptions } from '../../features/payments/api/payment-config'
import { TestModeBadge } from '../../features/payments/components/test-mode-badge'
import { bookingQueryOptions } from '../../features/bookings/api/bookings'
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
  // Asked for alongside the page's code; a booking that cannot be loaded is the route's error screen.
  loader: ({ context: { queryClient, userId }, deps: { booking } }) => {
    void queryClient.prefetchQuery(paymentConfigQueryOptions())
    if (booking) void queryClient.prefetchQuery(bookingQueryOptions(userId, booking))
  },
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
