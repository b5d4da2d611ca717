// /bookings/$bookingId/receipts: the receipts of one booking (linked from /bookings and the payment email).
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { RouteError } from '../../components/ui/route-error'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { bookingReceiptsQueryOptions } from '../../features/receipts/api/booking-receipts'
import { BookingReceiptsList } from '../../features/receipts/components/booking-receipts-list'
import { loadQuery } from '../../lib/offline-first-load'
import { titleHead } from '../../lib/page-title'

export const Route = createFileRoute('/_authed/bookings_/$bookingId/receipts')({
  head: () => titleHead('Receipts'),
  loader: ({ context: { queryClient, userId }, params }) => loadQuery(queryClient, bookingReceiptsQueryOptions(userId, params.bookingId)),
  errorComponent: RouteError,
  component: BookingReceiptsPage,
})

function BookingReceiptsPage() {
  const { id: userId } = useSignedInUser()
  const { bookingId } = Route.useParams()
  const { data } = useSuspenseQuery(bookingReceiptsQueryOptions(userId, bookingId))
  return <BookingReceiptsList data={data} />
}
