// The confirmation before cancelling or ending a booking says what will happen now, in this booking's
// case only: the refund and its amount, or the day the stay ends (figures from the server's `terms`).
import type { Booking } from '@contract/booking'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { dateLabel } from '../format'
import { formatMoney } from '@contract/money'

export type ConfirmedStep = 'cancel' | 'end'

export function StepDialog({
  booking: b,
  step,
  busy,
  onConfirm,
  onCancel,
}: {
  booking: Booking
  step: ConfirmedStep
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const m = (c: number) => formatMoney(c, b.quote.currency)
  const other = b.role === 'host' ? b.renter.firstName : b.host.firstName
  const common = { busy, onConfirm, onCancel }
  if (step === 'end') {
    const endsOn = b.terms.end?.endsOn
    return (
      <ConfirmDialog title="End this rental?" confirmLabel="End rental" {...common}>
        {b.role === 'host' ? (
          <p>
            With 30 days' notice, the rental ends on <strong>{endsOn ? dateLabel(endsOn) : '—'}</strong>. {other} is told now.
          </p>
        ) : (
          <p>
            Your rental ends on <strong>{endsOn ? dateLabel(endsOn) : '—'}</strong>, the last day you have paid for. Nothing more will be charged.
          </p>
        )}
      </ConfirmDialog>
    )
  }
  if (b.state === 'requested' || b.state === 'offered')
    return (
      <ConfirmDialog title={b.state === 'offered' ? 'Withdraw your offer?' : 'Withdraw your request?'} confirmLabel="Withdraw" danger {...common}>
        <p>{other} will be told. Nothing has been paid.</p>
      </ConfirmDialog>
    )
  const cancel = b.terms.cancel
  if (cancel?.endsOn)
    return (
      <ConfirmDialog title="Cancel this booking?" confirmLabel={`End on ${dateLabel(cancel.endsOn)}`} danger {...common}>
        <p>The stay starts in less than 24 hours, so nothing is refunded.</p>
        <p>
          Your booking ends on <strong>{dateLabel(cancel.endsOn)}</strong>, the last day you have paid for. Nothing more will be charged.
        </p>
      </ConfirmDialog>
    )
  return (
    <ConfirmDialog title="Cancel this booking?" confirmLabel="Cancel booking" danger {...common}>
      {cancel && cancel.refundCents > 0 ? (
        <p>
          {b.role === 'host' ? `${other} gets` : 'You get'} a full refund of <strong data-testid="cancel-refund">{m(cancel.refundCents)}</strong>, back to the
          card that paid.
        </p>
      ) : (
        <p>Nothing has been paid yet, so there is nothing to refund. {other} will be told.</p>
      )}
    </ConfirmDialog>
  )
}
