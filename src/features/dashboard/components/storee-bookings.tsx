// The renter's active and upcoming bookings: move-in date, the next payment, and once paid the exact
// address and how to get in.
import { Link } from '@tanstack/react-router'
import type { StoreeBooking } from '@contract/dashboard'
import { ACCESS_METHOD_LABELS } from '@contract/storage-constants'
import { dayLabel } from '../format'
import { formatMoney } from '@contract/money'
import { PhaseBadge } from './parts'

export function StoreeBookings({ bookings }: { bookings: StoreeBooking[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {bookings.map((b) => (
        <li key={b.bookingId} className="card flex min-w-0 flex-col gap-3 p-4" data-testid="storee-booking" data-booking-id={b.bookingId}>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <Link to="/storages/$id" params={{ id: b.storage.id }} className="font-semibold text-stone-900 hover:underline">
                {b.storage.title}
              </Link>
              <p className="text-sm text-stone-600">
                {b.storage.city} · Host {b.host.firstName} {b.host.lastName}
              </p>
            </div>
            <PhaseBadge phase={b.phase} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-stone-500">{b.phase === 'active' ? 'Moved in' : 'Move-in'}</dt>
              <dd className="font-semibold text-stone-900" data-testid="move-in">
                {dayLabel(b.startDate)}
              </dd>
            </div>
            <div>
              <dt className="text-stone-500">Stay</dt>
              <dd className="text-stone-900">{b.endDate ? `Until ${dayLabel(b.endDate)}` : 'Monthly'}</dd>
            </div>
            <div>
              <dt className="text-stone-500">Paid</dt>
              <dd className="text-stone-900 tabular-nums">{formatMoney(b.paidCents - b.refundedCents, b.currency)}</dd>
            </div>
            <div>
              <dt className="text-stone-500">{b.phase === 'awaiting-payment' ? 'Pay by' : 'Next payment'}</dt>
              <dd className="text-stone-900 tabular-nums">
                {b.nextPayment ? `${formatMoney(b.nextPayment.cents, b.currency)} on ${dayLabel(b.nextPayment.date, { year: false })}` : 'None — paid in full'}
              </dd>
            </div>
          </dl>
          {b.paymentLate && (
            <div
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-950"
              data-testid="payment-late"
            >
              <span>
                Your monthly payment didn't go through.{' '}
                {b.paymentLate.nextRetryAt ? `Stripe tries again on ${dayLabel(b.paymentLate.nextRetryAt.slice(0, 10))}.` : 'Stripe will not try again.'}
              </span>
              <Link to="/bookings" search={{ highlight: b.bookingId }} className="btn-primary min-h-11">
                Update card
              </Link>
            </div>
          )}
          {b.address && b.access ? (
            <div className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950" data-testid="storee-address">
              <p className="font-semibold">Address</p>
              <p>
                {b.address.street}, {b.address.city} {b.address.state} {b.address.postalCode}
              </p>
              <p className="mt-2 font-semibold">Access</p>
              <p>
                {accessLabel(b.access.method)}
                {b.access.hours && ` · ${b.access.hours}`}
              </p>
              {b.access.houseRules && <p className="mt-1 text-emerald-900/80">{b.access.houseRules}</p>}
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
              <span>The address and access instructions appear here once you've paid.</span>
              <Link to="/checkout" search={{ booking: b.bookingId }} className="btn-primary min-h-11">
                Pay now
              </Link>
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}

const accessLabel = (method: string) => (ACCESS_METHOD_LABELS as Record<string, string>)[method] ?? method.replace(/_/g, ' ')
