// /bookings: the user's bookings as renter and as host, grouped by state, with the steps allowed now.
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { PageSpinner } from '../../components/ui/spinner'
import { RouteError } from '../../components/ui/route-error'
import { bookingsQueryOptions } from '../../features/bookings/api/bookings'
import { BookingsView } from '../../features/bookings/components/bookings-page'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { text } from '../../lib/search-params'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/bookings')({
  head: () => titleHead('Bookings'),
  validateSearch: (raw: Record<string, unknown>): { highlight?: string } => ({ highlight: text(raw.highlight, { max: 64 }) }),
  errorComponent: RouteError,
  component: BookingsList,
})

function BookingsList() {
  const { id: userId } = useSignedInUser()
  const { highlight } = Route.useSearch()
  const { data, error, refetch } = useQuery(bookingsQueryOptions(userId))
  if (data) return <BookingsView list={data} kind="bookings" highlight={highlight} />
  if (error) return <RouteError error={error} reset={() => void refetch()} info={undefined} />
  return <PageSpinner />
}
