// /offers: offers sent and received (a lower monthly price; the host accepts, declines or counters once).
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { PageSpinner } from '../../components/ui/spinner'
import { RouteError } from '../../components/ui/route-error'
import { offersQueryOptions } from '../../features/bookings/api/bookings'
import { BookingsView } from '../../features/bookings/components/bookings-page'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/offers')({
  head: () => titleHead('Offers'),
  errorComponent: RouteError,
  component: OffersList,
})

function OffersList() {
  const { id: userId } = useSignedInUser()
  const { data, error, refetch } = useQuery(offersQueryOptions(userId))
  if (data) return <BookingsView list={data} kind="offers" />
  if (error) return <RouteError error={error} reset={() => void refetch()} info={undefined} />
  return <PageSpinner />
}
