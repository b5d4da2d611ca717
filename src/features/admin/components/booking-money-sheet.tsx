// One booking's money, for an admin: what was paid and refunded, its dispute if the renter's bank opened
// one, and the cancel with a full or partial refund (a reason both parties read). In the payments sandbox,
// buttons that play the renter's bank (open a dispute, decide it).
import { useState } from 'react'
import type { AdminBooking } from '@contract/admin'
import { disputeIsOpen, disputeReasonLabel, disputeStatusLabel, type Dispute } from '@contract/disputes'
import { formatPrice } from '@contract/storage-constants'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useAdminCancelBooking, useMarkDisputeEvidence, useSandboxDispute } from '../api/admin-bookings'

const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** "12.50" → 1250; null when it is not an amount with at most two decimals. */
export function centsOf(text: string): number | null {
  const t = text.trim().replace(/,/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null
  const [whole, frac = ''] = t.split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}
const amountText = (cents: number) => (cents / 100).toFixed(2)

/** The dispute in a line or two: status, amount, the bank's reason and, while open, when evidence is due. */
export function DisputeLine({ dispute: d }: { dispute: Dispute }) {
  const open = disputeIsOpen(d.status)
  return (
    <span className="block text-xs text-stone-700" data-testid="dispute-line">
      <span className={`font-semibold ${open ? 'text-red-800' : 'text-stone-800'}`}>Disputed: {disputeStatusLabel(d.status)}</span> ·{' '}
      {formatPrice(d.amountCents, d.currency)} · {disputeReasonLabel(d.reason)}
      {open &&
        (d.evidenceSubmittedAt ? (
          <span className="block">Evidence sent {dateTime(d.evidenceSubmittedAt)}</span>
        ) : (
          d.dueBy && <span className="block whitespace-nowrap">Evidence due {dateTime(d.dueBy)}</span>
        ))}
    </span>
  )
}

export function BookingMoneySheet({ booking: b, testMode, onDone }: { booking: AdminBooking; testMode: boolean; onDone: () => void }) {
  const m = (c: number) => formatPrice(c, b.currency)
  const d = b.dispute
  return (
    <div className="space-y-4 text-sm">
      <div>
        <p className="text-base font-semibold">{b.storage.title || 'Untitled'}</p>
        <p className="text-stone-600">
          {b.renter.name || b.renter.email} renting from {b.host.name || b.host.email}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <dt className="text-stone-600">State</dt>
        <dd className="capitalize">
          {b.state}
          {b.cancelledBy === 'admin' && ' by an admin'}
        </dd>
        <dt className="text-stone-600">Paid</dt>
        <dd className="tabular-nums">{m(b.paidCents)}</dd>
        <dt className="text-stone-600">Refunded</dt>
        <dd className="tabular-nums">{m(b.refundedCents)}</dd>
        <dt className="text-stone-600">Left to refund</dt>
        <dd className="font-semibold tabular-nums">{m(b.refundableCents)}</dd>
      </dl>
      {d && (
        <section
          aria-label="Dispute"
          className={`rounded-lg border p-3 ${disputeIsOpen(d.status) ? 'border-red-200 bg-red-50' : 'border-stone-200 bg-stone-50'}`}
        >
          <h3 className="font-semibold">The renter's bank disputed a payment</h3>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-stone-600">Status</dt>
            <dd data-testid="dispute-status">{disputeStatusLabel(d.status)}</dd>
            <dt className="text-stone-600">Amount</dt>
            <dd className="tabular-nums">{formatPrice(d.amountCents, d.currency)}</dd>
            <dt className="text-stone-600">Reason</dt>
            <dd>{disputeReasonLabel(d.reason)}</dd>
            <dt className="text-stone-600">Opened</dt>
            <dd>{dateTime(d.openedAt)}</dd>
            {d.dueBy && disputeIsOpen(d.status) && (
              <>
                <dt className="text-stone-600">Evidence due</dt>
                <dd className="font-semibold">{dateTime(d.dueBy)}</dd>
              </>
            )}
            {d.closedAt && (
              <>
                <dt className="text-stone-600">Decided</dt>
                <dd>{dateTime(d.closedAt)}</dd>
              </>
            )}
          </dl>
          {disputeIsOpen(d.status) && <EvidenceStep bookingId={b.id} dispute={d} />}
        </section>
      )}
      {b.cancellable ? <CancelForm booking={b} onDone={onDone} /> : <p className="text-stone-700">This booking is over; there is nothing to cancel.</p>}
      {testMode && <SandboxBank booking={b} />}
    </div>
  )
}

/** Evidence is sent from the Stripe dashboard; the mark tells other admins it is done. */
function EvidenceStep({ bookingId, dispute: d }: { bookingId: string; dispute: Dispute }) {
  const mark = useMarkDisputeEvidence()
  if (d.evidenceSubmittedAt) return <p className="mt-2 font-medium text-stone-800">Evidence sent to the bank on {dateTime(d.evidenceSubmittedAt)}.</p>
  return (
    <div className="mt-2 space-y-2">
      <p className="text-stone-700">Answer it with evidence in the Stripe dashboard before the due date, then mark it here.</p>
      <button
        type="button"
        className="btn-secondary"
        disabled={mark.isPending}
        onClick={() => mark.mutate({ id: bookingId }, { onError: (err) => toast.error(errorMessage(err, 'Could not record it. Please try again.')) })}
      >
        {mark.isPending ? 'Saving…' : 'Mark evidence sent'}
      </button>
    </div>
  )
}

function CancelForm({ booking: b, onDone }: { booking: AdminBooking; onDone: () => void }) {
  const cancel = useAdminCancelBooking()
  const [amount, setAmount] = useState(amountText(b.refundableCents))
  const [reason, setReason] = useState('')
  const [error, setError] = useState<{ field: 'amount' | 'reason' | 'form'; message: string } | null>(null)
  const refunds = b.refundableCents > 0
  const max = formatPrice(b.refundableCents, b.currency)
  return (
    <form
      className="space-y-3 border-t border-stone-200 pt-4"
      aria-label="Cancel with a refund"
      onSubmit={(e) => {
        e.preventDefault()
        const cents = refunds ? centsOf(amount) : 0
        if (refunds && (cents === null || cents <= 0 || cents > b.refundableCents))
          return setError({ field: 'amount', message: `Enter an amount more than 0 and at most ${max}.` })
        if (!reason.trim()) return setError({ field: 'reason', message: 'Please give a reason: both parties will read it.' })
        cancel.mutate(
          { id: b.id, reason: reason.trim(), ...(refunds ? { amountCents: cents! } : {}) },
          {
            onSuccess: ({ warning }) => {
              if (warning) toast.warning(warning)
              else toast.success(refunds ? `Booking cancelled; ${formatPrice(cents!, b.currency)} refunded.` : 'Booking cancelled.')
              onDone()
            },
            onError: (err) => setError({ field: 'form', message: errorMessage(err, 'Stripe did not accept the refund; nothing changed. Please try again.') }),
          },
        )
      }}
    >
      <h3 className="text-base font-semibold">Cancel the booking</h3>
      <p className="text-stone-700">
        It ends now{b.state === 'active' ? ' and any monthly payment stops' : ''}. Both parties get your reason by email and in their chat.
        {refunds && ' The host and Nookshare each give back their share of the refund.'}
      </p>
      {refunds && b.dispute && disputeIsOpen(b.dispute.status) && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          The payment is disputed: Stripe may refuse a refund until the bank decides, and a dispute the renter wins already returns the money.
        </p>
      )}
      {refunds ? (
        <label className="block">
          <span className="label">Refund ({b.currency})</span>
          <input
            className="input tabular-nums"
            inputMode="decimal"
            name="amount"
            value={amount}
            aria-invalid={error?.field === 'amount' ? true : undefined}
            aria-describedby="refund-hint"
            onChange={(e) => {
              setAmount(e.target.value)
              setError(null)
            }}
          />
          <span id="refund-hint" className="mt-1 block text-xs text-stone-600">
            Up to {max}, all that is left.{' '}
            {amount !== amountText(b.refundableCents) && (
              <button type="button" className="font-semibold text-brand-800 underline" onClick={() => setAmount(amountText(b.refundableCents))}>
                Refund it all
              </button>
            )}
          </span>
        </label>
      ) : (
        <p className="text-stone-700">Nothing was paid, so nothing is refunded.</p>
      )}
      <label className="block">
        <span className="label">Reason</span>
        <textarea
          className="input min-h-24"
          name="reason"
          maxLength={500}
          placeholder="What both parties should know"
          value={reason}
          aria-invalid={error?.field === 'reason' ? true : undefined}
          onChange={(e) => {
            setReason(e.target.value)
            setError(null)
          }}
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
      <button className="btn-danger w-full" disabled={cancel.isPending}>
        {cancel.isPending
          ? 'Cancelling…'
          : refunds
            ? `Cancel and refund ${centsOf(amount) !== null ? formatPrice(centsOf(amount)!, b.currency) : ''}`
            : 'Cancel the booking'}
      </button>
    </form>
  )
}

/** Test mode only: the admin plays the renter's bank, so the dispute journey can be walked without Stripe. */
function SandboxBank({ booking: b }: { booking: AdminBooking }) {
  const dispute = useSandboxDispute()
  const open = b.dispute && disputeIsOpen(b.dispute.status)
  const run = (outcome: 'open' | 'won' | 'lost') =>
    dispute.mutate({ id: b.id, outcome }, { onError: (err) => toast.error(errorMessage(err, 'The test dispute could not be sent.')) })
  if (b.paidCents === 0) return null
  return (
    <section aria-label="Test mode" className="rounded-lg border border-dashed border-amber-400 bg-amber-50 p-3">
      <h3 className="font-semibold text-amber-900">Test mode: play the renter's bank</h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {open ? (
          <>
            <button type="button" className="btn-secondary" disabled={dispute.isPending} onClick={() => run('won')}>
              Decide: host wins
            </button>
            <button type="button" className="btn-secondary" disabled={dispute.isPending} onClick={() => run('lost')}>
              Decide: renter wins
            </button>
          </>
        ) : (
          <button type="button" className="btn-secondary" disabled={dispute.isPending} onClick={() => run('open')}>
            Open a test dispute
          </button>
        )}
      </div>
    </section>
  )
}
