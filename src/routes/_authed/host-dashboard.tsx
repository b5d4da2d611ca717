// /host-dashboard: what a host opens every day. The figures come from GET /dashboard/host; the requests
// (with accept/decline in place) are the bookings feature's own list and items; payment setup is
// GET /stripe-status. Offline, the copy saved on this device is shown read-only.
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageSpinner } from '../../components/ui/spinner'
import { RenderInSlices } from '../../components/ui/render-in-slices'
import { noDataYet, RouteError } from '../../components/ui/route-error'
import { EmailVerificationNotice } from '../../features/auth/components/email-verification-notice'
import { bookingsQueryOptions } from '../../features/bookings/api/bookings'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { hostDashboardQueryOptions } from '../../features/dashboard/api/dashboard'
import { HostDashboardView } from '../../features/dashboard/components/host-dashboard'
import { useUnreadCount } from '../../features/messaging/api/unread-count'
import { paymentStatusQueryOptions } from '../../features/payments/api/payment-status'
import { loadOptionalQuery, loadSignedInQuery } from '../../lib/signed-in-load'
import { titleHead } from '../../lib/page-title'
import { useOnline } from '../../lib/use-online'
import { WAITING_ON_HOST } from '@contract/booking-process'
import { OfflineUnsaved } from './-dashboard/offline-unsaved'
import { ListingActions } from './-dashboard/listing-actions'
import { waitingItems } from './-dashboard/waiting-items'

export const Route = createFileRoute('/_authed/host-dashboard')({
  head: () => titleHead('Host dashboard'),
  // The figures, the requests list and the payment setup card before the page renders, asked for at once:
  // a card that came later would push the figures down (layout shift). The payment status is not the page's
  // to fail: without it the card is left out, as offline, and it is not waited for past the moment the page's
  // saved copy would show (loadOptionalQuery).
  loader: ({ context: { queryClient, userId } }) =>
    Promise.all([
      loadSignedInQuery(queryClient, hostDashboardQueryOptions(userId)),
      loadSignedInQuery(queryClient, bookingsQueryOptions(userId)).catch(() => undefined),
      navigator.onLine ? loadOptionalQuery(queryClient, paymentStatusQueryOptions()) : undefined,
    ]),
  errorComponent: RouteError,
  component: HostDashboardPage,
})

function HostDashboardPage() {
  const user = useSignedInUser()
  const { id: userId, firstName } = user
  const online = useOnline()
  // Online, an error with nothing to show yet is the route's error screen; offline, the page says what it lacks.
  const dashboard = useQuery({ ...hostDashboardQueryOptions(userId), throwOnError: (error, query) => online && noDataYet(error, query) })
  const bookings = useQuery(bookingsQueryOptions(userId))
  const payment = useQuery({ ...paymentStatusQueryOptions(), enabled: online })
  const unread = useUnreadCount(userId)
  if (!dashboard.data) {
    if (!online) return <OfflineUnsaved />
    return <PageSpinner />
  }
  const requests = waitingItems(bookings.data?.asHost ?? [], WAITING_ON_HOST, online)
  return (
    <RenderInSlices fallback={<PageSpinner />}>
      <HostDashboardView
        firstName={firstName}
        notice={<EmailVerificationNotice user={user} />}
        data={dashboard.data}
        updatedAt={dashboard.dataUpdatedAt}
        online={online}
        unread={unread.count}
        payment={payment.data}
        requests={requests}
        listingActions={(l) => <ListingActions listing={l} online={online} onChanged={() => dashboard.refetch()} />}
      />
    </RenderInSlices>
  )
}
