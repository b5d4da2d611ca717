// One booking's money, for an admin: what was paid and refunded, its dispute if the renter's bank opened
// one, and the cancel with a full or partial refund (a reason both parties read). In the payments sandbox,
// buttons that play the renter's bank (sandbox-bank.tsx).
import type { AdminBooking } from '@contract/admin'
import { disputeIsOpen, disputeReasonLabel, disputeStatusLabel, type Dispute } from '@contract/disputes'
import { formatMoney } from '@contract/money'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useMarkDisputeEvidence } from '../api/admin-bookings'
import { CancelForm } from './booking-cancel-form'
import { SandboxBank } from './sandbox-bank'
import { dateFormat } from '@contract/intl'

const dateTime = (iso: string) => dateFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

/** The dispute in a line or two: status, amount, the bank's reason and, while open, when evidence is due. */
export function DisputeLine({ dispute: d }: { dispute: Dispute }) {
  const open = disputeIsOpen(d.status)
  return (
    <span className="block text-xs text-stone-700" data-testid="dispute-line">
      <span className={`font-semibold ${open ? 'text-red-800' : 'text-stone-800'}`}>Disputed: {disputeStatusLabel(d.status)}</span> ·{' '}
      {formatMoney(d.amountCents, d.currency)} · {disputeReasonLabel(d.reason)}
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
  const m = (c: number) => formatMoney(c, b.currency)
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
            <dd className="tabular-nums">{formatMoney(d.amountCents, d.currency)}</dd>
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
