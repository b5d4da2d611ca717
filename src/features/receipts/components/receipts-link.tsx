// /bookings: a paid booking's "Receipts" link, to the list of its receipts.
import { Link } from '@tanstack/react-router'

export function ReceiptsLink({ bookingId, paidCents }: { bookingId: string; paidCents: number }) {
  if (paidCents <= 0) return null
  return (
    <Link to="/bookings/$bookingId/receipts" params={{ bookingId }} className="btn-secondary" data-testid="booking-receipts-link">
      Receipts
    </Link>
  )
}
