// /offers: offers sent and received (a lower monthly price; the host accepts, declines or counters once).
import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { RouteError } from '../../components/ui/route-error'
import { offersQueryOptions } from '../../features/bookings/api/bookings'
import { BookingsView } from '../../features/bookings/components/bookings-page'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { loadQuery } from '../../lib/offline-first-load'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/offers')({
  head: () => titleHead('Offers'),
  loader: ({ context: { queryClient, userId } }) => loadQuery(queryClient, offersQueryOptions(userId)),
  errorComponent: RouteError,
  component: OffersList,
})

function OffersList() {
  const { id: userId } = useSignedInUser()
  const { data } = useSuspenseQuery(offersQueryOptions(userId))
  return <BookingsView list={data} kind="offers" />
}
