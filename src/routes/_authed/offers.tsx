// /offers: offers sent and received (a lower monthly price; the host accepts, declines or counters once).
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { PageSpinner } from '../../components/ui/spinner'
import { noDataYet, RouteError } from '../../components/ui/route-error'
import { offersQueryOptions } from '../../features/bookings/api/bookings'
import { BookingsView } from '../../features/bookings/components/bookings-page'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { loadSignedInQuery } from '../../lib/signed-in-load'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/offers')({
  head: () => titleHead('Offers'),
  loader: ({ context: { queryClient, userId } }) => loadSignedInQuery(queryClient, offersQueryOptions(userId)),
  errorComponent: RouteError,
  component: OffersList,
})

function OffersList() {
  const { id: userId } = useSignedInUser()
  const { data } = useQuery({ ...offersQueryOptions(userId), throwOnError: noDataYet })
  if (data) return <BookingsView list={data} kind="offers" />
  return <PageSpinner />
}
