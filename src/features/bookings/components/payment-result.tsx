// /success and /canceled. Success waits for the webhook's confirmation (never the return URL itself);
// canceled says nothing was charged and offers checkout again.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate, type HistoryState } from '@tanstack/react-router'
import { Spinner } from '../../../components/ui/spinner'
import { bookingQueryOptions } from '../api/bookings'
import { stayLabel, timeLeft } from '../format'
import { formatMoney } from '@contract/money'
import { Message } from './checkout-page'
import { PaymentSchedule } from './payment-schedule'

/** /success while the booking is not confirmed yet: its first answer, then each poll until the webhook lands. */
export function ConfirmingPayment() {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" role="status" aria-live="polite">
      <Spinner className="mx-auto h-8 w-8" label="Waiting" />
      <h1 className="mt-4 text-2xl font-bold text-stone-900">Confirming your payment…</h1>
      <p className="mt-2 text-stone-600">Your booking is confirmed as soon as the payment reaches us. This usually takes a few seconds.</p>
    </div>
  )
}

/** /success when the booking cannot be loaded: the payment went through all the same. */
export const PAYMENT_RECEIVED = { title: 'Payment received', body: "We couldn't load the booking just now; it appears in your bookings once confirmed." }

export function SuccessPage({ userId, bookingId }: { userId: string; bookingId: string }) {
  // The first answer is the route loader's (its failure is the route's error screen, in these words); the
  // options poll every 2 s while the booking waits for the webhook.
  const { data: b, error } = useSuspenseQuery(bookingQueryOptions(userId, bookingId, { waitForPayment: true }))
  const navigate = useNavigate()
  if (error) return <Message {...PAYMENT_RECEIVED} />
  if (b.state === 'accepted') return <ConfirmingPayment />
  const confirmed = b.state === 'confirmed' || b.state === 'active'
  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <div className="card p-6 text-center">
        <p
          aria-hidden="true"
          className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full text-2xl font-bold ${confirmed ? 'bg-emerald-100 text-emerald-700' : 'bg-amber-100 text-amber-800'}`}
        >
          {confirmed ? '✓' : '!'}
        </p>
        <h1 className="mt-2 text-2xl font-bold text-stone-900">{confirmed ? 'Booking confirmed' : `This booking is ${b.state}`}</h1>
        <p className="mt-2 text-stone-700">
          {b.storage.title}, {b.storage.city}
        </p>
        <p className="text-sm text-stone-600">{stayLabel(b)}</p>
        {confirmed && (
          <p className="mt-3 text-sm text-stone-700">
            Paid {formatMoney(b.paidCents, b.quote.currency)}
            {b.quote.totalCents === null
              ? `, then ${formatMoney(b.quote.recurringCents, b.quote.currency)} each month until cancelled`
              : b.quote.payments.length > 1
                ? ` of ${formatMoney(b.quote.totalCents, b.quote.currency)} for the stay`
                : ''}
            . The exact address and access details are now on the listing.
          </p>
        )}
        {confirmed && b.quote.totalCents !== null && b.quote.payments.length > 1 && (
          <div className="mt-3 rounded-lg bg-stone-50 p-3 text-left text-sm">
            <p className="mb-1 font-semibold text-stone-900">Your {b.quote.payments.length} payments</p>
            <PaymentSchedule quote={b.quote} />
          </div>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/storages/$id" params={{ id: b.storage.id }} className="btn-primary min-h-11">
            See the address
          </Link>
          <button
            type="button"
            className="btn-secondary min-h-11"
            onClick={() => void navigate({ href: '/messages', state: { recipientId: b.host.id } as HistoryState })}
          >
            Message {b.host.firstName}
          </button>
          <Link to="/bookings" className="btn-secondary min-h-11">
            Your bookings
          </Link>
        </div>
      </div>
    </div>
  )
}

export function CanceledPage({ userId, bookingId }: { userId: string; bookingId?: string }) {
  const { data: b } = useQuery({ ...bookingQueryOptions(userId, bookingId ?? ''), enabled: Boolean(bookingId) })
  return (
    <Message
      title="Payment cancelled"
      body={
        b && b.state === 'accepted'
          ? `Nothing was charged. ${b.storage.title} stays reserved for you while the payment is due (${timeLeft(b.expiresAt)}).`
          : 'Nothing was charged.'
      }
    >
      {b && b.state === 'accepted' && (
        <Link to="/checkout" search={{ booking: b.id }} className="btn-primary min-h-11">
          Try again
        </Link>
      )}
      <Link to="/bookings" className="btn-secondary min-h-11">
        Your bookings
      </Link>
    </Message>
  )
}
