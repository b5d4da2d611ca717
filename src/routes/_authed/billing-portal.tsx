// /billing-portal: in the payments sandbox, the stand-in for Stripe's billing portal (?sandboxPortal=).
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { RouteError } from '../../components/ui/route-error'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { sandboxPortalQueryOptions } from '../../features/bookings/api/renewals'
import { SandboxPortal } from '../../features/bookings/components/sandbox-portal'
import { Message } from '../../features/bookings/components/checkout-page'
import { paymentConfigQueryOptions } from '../../features/payments/api/payment-config'
import { TestModeBadge } from '../../features/payments/components/test-mode-badge'
import { loadQuery } from '../../lib/offline-first-load'
import { text } from '../../lib/search-params'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/billing-portal')({
  head: () => titleHead('Update your card'),
  validateSearch: (raw: Record<string, unknown>): { sandboxPortal?: string } => ({
    sandboxPortal: text(raw.sandboxPortal, { max: 100, pattern: /^bps_\w+$/ }),
  }),
  loaderDeps: ({ search: { sandboxPortal } }) => ({ sandboxPortal }),
  // What is owed before the page renders (a portal that cannot be loaded is the route's error screen); the
  // payment mode alongside it, for the "Test mode" badge only (optional).
  loader: ({ context: { queryClient, userId }, deps: { sandboxPortal } }) =>
    Promise.all([
      loadQuery(queryClient, paymentConfigQueryOptions(), { optional: true }),
      sandboxPortal ? loadQuery(queryClient, sandboxPortalQueryOptions(userId, sandboxPortal)) : undefined,
    ]).then(() => undefined),
  errorComponent: RouteError,
  component: BillingPortalRoute,
})

function BillingPortalRoute() {
  const { sandboxPortal } = Route.useSearch()
  const { id: userId } = useSignedInUser()
  const { data: config } = useQuery(paymentConfigQueryOptions())
  if (!sandboxPortal) return <Message title="Nothing to update" body="Open “Update card” from your bookings." />
  return <SandboxPortal userId={userId} portalId={sandboxPortal} badge={config?.mode === 'sandbox' ? <TestModeBadge /> : null} />
}
