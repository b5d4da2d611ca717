// One booking in a list: the space, dates, price, state, the other party (with a link to the chat) and
// only the steps allowed now. Offline, the steps are shown disabled with the reason.
import { Link, useNavigate, type HistoryState } from '@tanstack/react-router'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { Booking } from '@contract/booking'
import { CONFIRMED_STATES, groupOf } from '@contract/booking-process'
import { useBookingExtras } from '../../../components/ui/booking-extras'
import { useBookingStep, useCheckout } from '../hooks'
import { dateLabel, stateLabel, stayLabel, timeLeft } from '../format'
import { formatMoney, parseMoney } from '@contract/money'
import { describeFit, readFit } from '@contract/fit'
import { PaymentSchedule } from './payment-schedule'
import { DisputeNotice } from './dispute-notice'
import { StepDialog, type ConfirmedStep } from './step-dialog'
import { MoveOutDialog, RenewalNotes } from './renewal-parts'
import { VerifiedBadges } from '../../../components/ui/verified-badges'
import { useAuth } from '../../auth/auth-context'
import { useQueuedActions } from '../../../lib/action-queue-client'
import { isPending } from '../../../lib/queue-engine'
import { stepOf, useQueuedStep } from '../queued-steps'
import { QueuedStepNotes } from './queued-step-notes'
import { InstantBookBadge } from '../../../components/ui/instant-book-badge'

const STATE_STYLES: Record<string, string> = {
  confirmed: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  active: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  accepted: 'bg-sky-50 text-sky-800 border-sky-200',
  requested: 'bg-amber-50 text-amber-900 border-amber-200',
  offered: 'bg-amber-50 text-amber-900 border-amber-200',
  countered: 'bg-amber-50 text-amber-900 border-amber-200',
}

export function BookingItem({
  booking: b,
  online,
  highlight = false,
  note,
  extra,
}: {
  booking: Booking
  online: boolean
  highlight?: boolean
  /** Shown above the steps while Accept is one of them (the way back from the payout setup says what is left). */
  note?: string
  /** More for this booking from another feature (the route fills it: the move-in/move-out checks). */
  extra?: (booking: Booking) => ReactNode
}) {
  const step = useBookingStep()
  const checkout = useCheckout()
  const navigate = useNavigate()
  const [countering, setCountering] = useState(false)
  const [counter, setCounter] = useState('')
  const [confirming, setConfirming] = useState<ConfirmedStep | null>(null)
  const extras = useBookingExtras()
  const other = b.role === 'host' ? b.renter : b.host
  const storing = readFit(b.items)
  const m = (c: number) => formatMoney(c, b.quote.currency)
  const open = groupOf(b.state) === 'waiting' || groupOf(b.state) === 'awaitingPayment'
  const { user } = useAuth()
  const queued = useQueuedActions(user?.id, b.id).filter((a) => stepOf(a) !== null)
  const take = useQueuedStep(user?.id)
  // A step waiting in the queue: no second one until it is applied or refused.
  const busy = step.isPending || checkout.isPending || queued.some(isPending)
  // Accept, decline and ending go through the queue (shown pending here on a bad link); a cancel moves money, so it waits for its answer.
  const run = (action: 'accept' | 'decline' | 'cancel' | 'end') =>
    action === 'cancel'
      ? step.mutate({ id: b.id, action, role: b.role }, { onSettled: () => setConfirming(null) })
      : void take(b.id, action).finally(() => setConfirming(null))
  // A renter ends a running rental by giving move-out notice on the close of a paid period.
  const movingOut = b.role === 'renter' && (b.renewal?.moveOutDates.length ?? 0) > 0
  // A link to this booking (back from a detour, a receipt) brings it into view once.
  const card = useRef<HTMLElement>(null)
  useEffect(() => {
    if (highlight) card.current?.scrollIntoView?.({ block: 'center' })
  }, [highlight])

  return (
    <article
      ref={card}
      className={`card p-4 sm:p-5 ${highlight ? 'ring-2 ring-brand-600' : ''}`}
      data-testid="booking"
      data-booking-id={b.id}
      data-state={b.state}
      aria-label={`${b.storage.title}: ${stateLabel(b)}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to="/storages/$id" params={{ id: b.storage.id }} className="font-semibold text-stone-900 hover:underline">
            {b.storage.title}
          </Link>
          <p className="text-sm text-stone-600">
            {b.storage.city} · {stayLabel(b)}
          </p>
        </div>
        <span className="flex flex-wrap items-center gap-1.5">
          <span
            className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLES[b.state] ?? 'border-stone-200 bg-stone-100 text-stone-700'}`}
          >
            {stateLabel(b)}
          </span>
          {b.instant && <InstantBookBadge />}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-stone-500">Monthly</dt>
          <dd className="font-medium text-stone-900">
            {m(b.quote.monthlyCents)}
            {b.quote.monthlyCents !== b.listMonthlyCents && <span className="ml-1 text-xs text-stone-500 line-through">{m(b.listMonthlyCents)}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">{b.paidCents ? 'Paid' : 'First payment'}</dt>
          <dd className="font-medium text-stone-900">{m(b.paidCents || b.quote.firstPaymentCents)}</dd>
        </div>
        {b.quote.totalCents !== null && b.quote.payments.length > 1 && (
          <div>
            <dt className="text-stone-500">Total for the stay</dt>
            <dd className="font-medium text-stone-900 tabular-nums">{m(b.quote.totalCents)}</dd>
          </div>
        )}
        {b.offerCents !== null && (
          <div>
            <dt className="text-stone-500">Offer{b.counterCents !== null ? ' / counter' : ''}</dt>
            <dd className="font-medium text-stone-900">
              {m(b.offerCents)}
              {b.counterCents !== null && ` / ${m(b.counterCents)}`}
            </dd>
          </div>
        )}
        {b.refundedCents > 0 && (
          <div>
            <dt className="text-stone-500">Refunded</dt>
            <dd className="font-medium text-emerald-700" data-testid="refunded">
              {m(b.refundedCents)}
            </dd>
          </div>
        )}
        {b.endDate && CONFIRMED_STATES.includes(b.state) && (
          <div>
            <dt className="text-stone-500">Ends</dt>
            <dd className="font-medium text-stone-900">{dateLabel(b.endDate)}</dd>
          </div>
        )}
      </dl>
      <RenewalNotes booking={b} online={online} />
      {b.quote.payments.length > 1 && b.quote.totalCents !== null && (
        <details className="mt-2 text-sm" data-testid="booking-schedule">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-700">
            {b.quote.payments.length} payments, then nothing more
          </summary>
          <PaymentSchedule quote={b.quote} className="max-w-sm rounded-lg bg-stone-50 p-3" />
        </details>
      )}
      <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
        <span>
          {b.role === 'host' ? 'Renter' : b.role === 'renter' ? 'Host' : 'Renter / host'}: {other.firstName} {other.lastName}
        </span>
        <VerifiedBadges verifications={other.verifications} />
        {b.role !== 'admin' && (
          <button
            type="button"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
            onClick={() => void navigate({ href: '/messages', state: { recipientId: other.id } as HistoryState })}
          >
            Message {other.firstName}
          </button>
        )}
        {open && b.state !== 'accepted' && <span className="text-amber-800">Answer due: {timeLeft(b.expiresAt)}</span>}
        {b.state === 'accepted' && <span className="text-sky-800">Payment due: {timeLeft(b.expiresAt)}</span>}
      </p>
      {b.note && <p className="mt-2 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">“{b.note}”</p>}
      {storing && (
        <p className="mt-2 text-sm text-stone-700" data-testid="booking-storing">
          <span className="font-semibold text-stone-900">{b.role === 'renter' ? "What you're storing" : "What they're storing"}:</span> {describeFit(storing)}
        </p>
      )}
      <DisputeNotice booking={b} />
      {extra && <div className="mt-3 flex flex-wrap gap-2 empty:hidden">{extra(b)}</div>}

      {note && b.actions.includes('accept') && (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {note}
        </p>
      )}
      {(b.actions.length > 0 || (b.role === 'renter' && b.state === 'accepted')) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {b.role === 'renter' && b.state === 'accepted' && (
            <Link
              to="/checkout"
              search={{ booking: b.id }}
              className="btn-primary min-h-11"
              aria-disabled={!online}
              onClick={(e) => !online && e.preventDefault()}
            >
              Pay {m(b.quote.firstPaymentCents)}
            </Link>
          )}
          {b.actions.includes('accept') && (
            <button type="button" className="btn-primary min-h-11" disabled={!online || busy} onClick={() => run('accept')}>
              {b.state === 'countered' ? 'Accept counter' : 'Accept'}
            </button>
          )}
          {b.actions.includes('counter') && !countering && (
            <button type="button" className="btn-secondary min-h-11" disabled={!online || busy} onClick={() => setCountering(true)}>
              Counter
            </button>
          )}
          {b.actions.includes('decline') && (
            <button type="button" className="btn-secondary min-h-11" disabled={!online || busy} onClick={() => run('decline')}>
              Decline
            </button>
          )}
          {b.actions.includes('end') && (
            <button type="button" className="btn-secondary min-h-11" disabled={!online || busy} onClick={() => setConfirming('end')}>
              {movingOut ? "I'm moving out" : 'End rental'}
            </button>
          )}
          {b.actions.includes('cancel') && (
            <button type="button" className="btn-secondary min-h-11 text-red-700" disabled={!online || busy} onClick={() => setConfirming('cancel')}>
              {['requested', 'offered'].includes(b.state) ? 'Withdraw' : 'Cancel booking'}
            </button>
          )}
        </div>
      )}
      {countering && (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            // The number field has checked it (required, at least 1, cents); only an exponent ("1e3") gets here as no amount.
            const counterCents = parseMoney(counter, b.quote.currency, { round: true })
            if (counterCents === null) return
            step.mutate({ id: b.id, action: 'counter', role: b.role, body: { counterCents } }, { onSuccess: () => setCountering(false) })
          }}
        >
          <div>
            <label className="label" htmlFor={`counter-${b.id}`}>
              Your counter ({b.quote.currency}/month)
            </label>
            <input
              id={`counter-${b.id}`}
              type="number"
              step="0.01"
              min={1}
              className="input w-40"
              value={counter}
              onChange={(e) => setCounter(e.target.value)}
              required
            />
          </div>
          <button type="submit" className="btn-primary min-h-11" disabled={!online || busy}>
            Send counter
          </button>
          <button type="button" className="btn-secondary min-h-11" onClick={() => setCountering(false)}>
            Back
          </button>
        </form>
      )}
      {user && <QueuedStepNotes userId={user.id} bookingId={b.id} actions={queued} />}
      {!online && open && <p className="mt-2 text-xs text-stone-500">Actions need a connection.</p>}
      {extras?.(b)}
      {confirming === 'end' && movingOut ? (
        <MoveOutDialog
          booking={b}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={(moveOutOn) => void take(b.id, 'end', { moveOutOn }).finally(() => setConfirming(null))}
        />
      ) : null}
      {confirming && !(confirming === 'end' && movingOut) && (
        <StepDialog booking={b} step={confirming} busy={busy} onConfirm={() => run(confirming)} onCancel={() => setConfirming(null)} />
      )}
    </article>
  )
}
