// /receipts/$receiptId: one payment's receipt, printable as one A4 page (Print / Download PDF).
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { RouteError } from '../../components/ui/route-error'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { receiptQueryOptions } from '../../features/receipts/api/receipt'
import { PrintButton, PrintPage } from '../../features/receipts/components/print-sheet'
import { ReceiptView } from '../../features/receipts/components/receipt-view'
import { loadQuery } from '../../lib/offline-first-load'
import { titleHead } from '../../lib/page-title'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const Route = createFileRoute('/_authed/receipts/$receiptId')({
  head: () => titleHead('Receipt'),
  loader: ({ context: { queryClient, userId }, params }) => {
    // A mistyped link is a page that does not exist, not a failure.
    if (!UUID.test(params.receiptId)) throw notFound()
    return loadQuery(queryClient, receiptQueryOptions(userId, params.receiptId))
  },
  errorComponent: RouteError,
  component: ReceiptPage,
})

function ReceiptPage() {
  const { id: userId } = useSignedInUser()
  const { receiptId } = Route.useParams()
  const { data } = useSuspenseQuery(receiptQueryOptions(userId, receiptId))
  const bookingId = data.booking.id
  return (
    <PrintPage
      testId="receipt-page"
      toolbar={
        <>
          {bookingId ? (
            <Link to="/bookings/$bookingId/receipts" params={{ bookingId }} className="text-sm font-medium text-brand-700 hover:underline">
              ← All receipts of this booking
            </Link>
          ) : (
            <Link to="/bookings" className="text-sm font-medium text-brand-700 hover:underline">
              ← Bookings
            </Link>
          )}
          <PrintButton />
        </>
      }
    >
      <ReceiptView receipt={data} />
    </PrintPage>
  )
}
