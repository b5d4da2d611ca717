// The host's active and upcoming rentals: the space, the renter, the dates and the next payment.
import { Link } from '@tanstack/react-router'
import type { HostRental } from '@contract/dashboard'
import { datesLabel, dayLabel, money } from '../format'
import { EmptyLine, PhaseBadge } from './parts'

export function HostRentals({ rentals }: { rentals: HostRental[] }) {
  if (rentals.length === 0) return <EmptyLine>No active or upcoming rentals yet. Accepted requests show here once they're paid.</EmptyLine>
  return (
    <ul className="space-y-3">
      {rentals.map((r) => (
        <li key={r.bookingId} className="card p-4" data-testid="host-rental" data-booking-id={r.bookingId}>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <Link to="/bookings" search={{ highlight: r.bookingId }} className="font-semibold text-stone-900 hover:underline">
                {r.storage.title}
              </Link>
              <p className="text-sm text-stone-600">
                {r.renter.firstName} {r.renter.lastName} · {datesLabel(r.startDate, r.endDate)}
              </p>
            </div>
            <PhaseBadge phase={r.phase} />
          </div>
          <p className="mt-2 text-sm text-stone-700">
            {r.nextPayment ? (
              <>
                {r.phase === 'awaiting-payment' ? 'Payment due by' : 'Next payment'} <span className="font-medium">{dayLabel(r.nextPayment.date)}</span>:{' '}
                <span className="font-semibold text-stone-900 tabular-nums">{money(r.nextPayment.cents, r.currency)}</span> to you
              </>
            ) : (
              <span className="text-stone-500">No further payments: paid through the end.</span>
            )}
          </p>
        </li>
      ))}
    </ul>
  )
}
