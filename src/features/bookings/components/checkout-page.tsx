// /checkout: the accepted booking's summary and "Pay", which opens Stripe Checkout. In the payments
// sandbox Checkout is this same page in "Test mode": its Pay completes the stand-in's session, whose signed
// events reach our webhook exactly as Stripe's would, then the browser goes to /success.
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { TestCardFields } from './test-card-fields'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { paySandboxSession } from '../api/booking-actions'
import { bookingQueryOptions } from '../api/bookings'
import { STATE_LABELS, stayLabel, timeLeft } from '../format'
import { formatMoney } from '@contract/money'
import { useCheckout, useOnline } from '../hooks'
import { PriceBreakdown } from './price-breakdown'

export function CheckoutPage({ userId, bookingId, sandboxSession, badge }: { userId: string; bookingId: string; sandboxSession?: string; badge?: ReactNode }) {
  // The route's loader has it (or its error screen shows: not found, not yours, offline).
  const { data: b } = useSuspenseQuery(bookingQueryOptions(userId, bookingId))
  const checkout = useCheckout()
  const online = useOnline()
  const pay = useMutation({
    mutationFn: () => paySandboxSession(sandboxSession!),
    onSuccess: ({ successUrl }) => window.location.assign(successUrl),
    onError: (err) => toast.error(errorMessage(err, 'The test payment failed. Please try again.')),
  })
  const m = (c: number) => formatMoney(c, b.quote.currency)
  const payable = b.role === 'renter' && b.state === 'accepted'
  return (
    <div className="mx-auto max-w-lg px-4 py-6 sm:py-10">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">{sandboxSession ? 'Pay with card' : 'Checkout'}</h1>
        {badge}
      </div>
      <section className="card mt-4 p-5">
        <p className="font-semibold text-stone-900">{b.storage.title}</p>
        <p className="text-sm text-stone-600">
          {b.storage.city} · {stayLabel(b)} · host {b.host.firstName}
        </p>
        <PriceBreakdown quote={b.quote} className="mt-4" />
      </section>
      {!payable ? (
        <p className="mt-4 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700">
          This booking is {STATE_LABELS[b.state].toLowerCase()}; there is nothing to pay.{' '}
          <Link to="/bookings" className="font-semibold text-brand-700 underline">
            Your bookings
          </Link>
        </p>
      ) : sandboxSession ? (
        <section className="card mt-4 border-amber-300 p-5" aria-label="Test card">
          <p className="text-sm text-stone-700">
            This is the payments sandbox: no real card is charged. The test card below pays, and the booking is confirmed when the payment event reaches
            Nookshare.
          </p>
          <TestCardFields idPrefix="test" cardLabel="Test card" />
          <button type="button" className="btn-primary mt-4 w-full py-3 text-base" disabled={pay.isPending || !online} onClick={() => pay.mutate()}>
            {pay.isPending ? 'Paying…' : `Pay ${m(b.quote.firstPaymentCents)}`}
          </button>
          <Link to="/canceled" search={{ booking: b.id }} className="btn-secondary mt-2 min-h-11 w-full">
            Cancel and go back
          </Link>
        </section>
      ) : (
        <div className="mt-4">
          <button type="button" className="btn-primary w-full py-3 text-base" disabled={checkout.isPending || !online} onClick={() => checkout.mutate(b.id)}>
            {checkout.isPending ? 'Opening checkout…' : `Pay ${m(b.quote.firstPaymentCents)} with card`}
          </button>
          <p className="mt-2 text-center text-xs text-stone-500">
            {online ? `All major cards. Payment due: ${timeLeft(b.expiresAt)}. Free cancellation up to 24 h before the start.` : 'Paying needs a connection.'}
          </p>
        </div>
      )}
    </div>
  )
}

export function Message({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-2 text-stone-600">{body}</p>
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  )
}
