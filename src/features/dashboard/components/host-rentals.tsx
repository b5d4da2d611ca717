// The host's active and upcoming rentals: the space, the renter, the dates and the next payment.
import { Link } from '@tanstack/react-router'
import type { HostRental } from '@contract/dashboard'
import { datesLabel, dayLabel } from '../format'
import { formatMoney } from '@contract/money'
import { EmptyLine, PhaseBadge } from './parts'
import { RENT_GUARANTEE_TEXT } from '@contract/renewals'

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
                <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(r.nextPayment.cents, r.currency)}</span> to you
              </>
            ) : (
              <span className="text-stone-500">No further payments: paid through the end.</span>
            )}
          </p>
          {r.paymentLate && (
            <p className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-950" data-testid="payment-late">
              <span className="mr-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">Payment late</span>
              {r.paymentLate.nextRetryAt ? `Stripe retries on ${dayLabel(r.paymentLate.nextRetryAt.slice(0, 10))}. ` : 'Stripe will not retry. '}
              <span className="mt-1 block text-red-900">{RENT_GUARANTEE_TEXT}</span>
            </p>
          )}
        </li>
      ))}
    </ul>
  )
}
