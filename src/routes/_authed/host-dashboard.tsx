// /host-dashboard: what a host opens every day. The figures come from GET /dashboard/host; the requests
// (with accept/decline in place) are the bookings feature's own list and items; payment setup is
// GET /stripe-status. Offline, the copy saved on this device is shown read-only.
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { hostDashboardQueryOptions } from '../../features/dashboard/api/dashboard'
import { HostDashboardView } from '../../features/dashboard/components/host-dashboard'
import { paymentStatusQueryOptions } from '../../features/payments/api/payment-status'
import { loadQuery } from '../../lib/offline-first-load'
import { titleHead } from '../../lib/page-title'
import { useOnline } from '../../lib/use-online'
import { WAITING_ON_HOST } from '@contract/booking-process'
import { DashboardPage, loadDashboard } from './-dashboard/dashboard-page'
import { DashboardError } from './-dashboard/dashboard-error'
import { ListingActions } from './-dashboard/listing-actions'
import { waitingItems } from './-dashboard/waiting-items'

export const Route = createFileRoute('/_authed/host-dashboard')({
  head: () => titleHead('Host dashboard'),
  // The figures, the requests list and the payment setup card before the page renders, asked for at once:
  // a card that came later would push the figures down (layout shift). The payment status is not the page's
  // to fail: without it the card is left out, as offline, and it is not waited for past the moment the page's
  // saved copy would show (optional).
  loader: ({ context: { queryClient, userId } }) =>
    loadDashboard(
      queryClient,
      userId,
      hostDashboardQueryOptions,
      navigator.onLine ? loadQuery(queryClient, paymentStatusQueryOptions(), { optional: true }) : Promise.resolve(),
    ),
  errorComponent: DashboardError,
  component: HostDashboardPage,
})

function HostDashboardPage() {
  const online = useOnline()
  const payment = useQuery({ ...paymentStatusQueryOptions(), enabled: online })
  return (
    <DashboardPage options={hostDashboardQueryOptions}>
      {({ view, refetch, bookings }) => (
        <HostDashboardView
          {...view}
          payment={payment.data}
          requests={waitingItems(bookings?.asHost ?? [], WAITING_ON_HOST, online)}
          listingActions={(l) => <ListingActions listing={l} online={online} onChanged={() => refetch()} />}
        />
      )}
    </DashboardPage>
  )
}
