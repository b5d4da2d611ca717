// /offers: offers sent and received (a lower monthly price; the host accepts, declines or counters once).
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { PageSpinner } from '../components/ui/spinner'
import { RouteError } from '../components/ui/route-error'
import { requireAuth } from '../features/auth/require-auth'
import { offersQueryOptions } from '../features/bookings/api/bookings'
import { BookingsView } from '../features/bookings/components/bookings-page'
import { SignedIn } from '../features/bookings/components/signed-in'
import { titleHead } from '../lib/page-title'

export const Route = createFileRoute('/offers')({
  head: () => titleHead('Offers'),
  beforeLoad: requireAuth,
  errorComponent: RouteError,
  component: () => <SignedIn path="/offers">{(user) => <OffersList userId={user.id} />}</SignedIn>,
})

function OffersList({ userId }: { userId: string }) {
  const { data, error, refetch } = useQuery(offersQueryOptions(userId))
  if (data) return <BookingsView list={data} kind="offers" />
  if (error) return <RouteError error={error} reset={() => void refetch()} info={undefined} />
  return <PageSpinner />
}
