// /billing-portal: in the payments sandbox, the stand-in for Stripe's billing portal (?sandboxPortal=).
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { RouteError } from '../../components/ui/route-error'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { SandboxPortal } from '../../features/bookings/components/sandbox-portal'
import { Message } from '../../features/bookings/components/checkout-page'
import { paymentConfigQueryOptions } from '../../features/payments/api/payment-config'
import { TestModeBadge } from '../../features/payments/components/test-mode-badge'
import { text } from '../../lib/search-params'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/billing-portal')({
  head: () => titleHead('Update your card'),
  validateSearch: (raw: Record<string, unknown>): { sandboxPortal?: string } => ({
    sandboxPortal: text(raw.sandboxPortal, { max: 100, pattern: /^bps_\w+$/ }),
  }),
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(paymentConfigQueryOptions()),
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
