// What a booking card and /bookings say about renewals and moving out: a late payment (the renter's way to
// fix it; the host's "Payment late" and the rent guarantee), either side's notice, the move-out dialog with
// the days a renter may pick, and the host's "Space is clear" after the move-out.
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { Booking } from '@contract/booking'
import { RENT_GUARANTEE_TEXT, SPACE_CLEAR_HOURS } from '@contract/renewals'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { openPaymentMethod } from '../api/renewals'
import { useAuth } from '../../auth/auth-context'
import { useQueuedActions } from '../../../lib/action-queue-client'
import { isPending } from '../../../lib/queue-engine'
import { stepOf, useQueuedStep } from '../queued-steps'
import { dateLabel } from '../format'
import { dateFormat } from '@contract/intl'

const dayOfIso = (iso: string) => iso.slice(0, 10)
const when = (iso: string) =>
  dateFormat('en-CA', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(iso))

/** Opens Stripe's billing portal (in the sandbox, our "Test mode" one) for the renter's card. */
export function useUpdateCard() {
  return useMutation({
    mutationFn: (id: string) => openPaymentMethod(id),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => toast.error(errorMessage(err, 'The card page could not open. Please try again.')),
  })
}

/** /bookings' banner for each of the renter's rentals whose monthly payment did not go through. */
export function LatePaymentBanner({ bookings, online }: { bookings: Booking[]; online: boolean }) {
  const update = useUpdateCard()
  const late = bookings.filter((b) => b.role === 'renter' && b.renewal?.late && b.renewal.notice?.by !== 'unpaid')
  if (late.length === 0) return null
  return (
    <div className="mt-4 space-y-3">
      {late.map((b) => {
        const retry = b.renewal!.late!.nextRetryAt
        return (
          <section key={b.id} role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-950" data-testid="late-payment-banner">
            <h2 className="font-semibold">Your monthly payment for {b.storage.title} didn't go through</h2>
            <p className="mt-1">
              {retry
                ? `Stripe will try your card again on ${dateLabel(dayOfIso(retry))}. We don't retry it ourselves. Update your card to pay now.`
                : 'Stripe will not try your card again. Update your card now, or the rental ends at the close of the paid period.'}
            </p>
            <button type="button" className="btn-primary mt-3 min-h-11" disabled={!online || update.isPending} onClick={() => update.mutate(b.id)}>
              {update.isPending ? 'Opening…' : 'Update card'}
            </button>
          </section>
        )
      })}
    </div>
  )
}

/** The card's lines about a late payment, a notice and the space's clearing. */
export function RenewalNotes({ booking: b, online }: { booking: Booking; online: boolean }) {
  const r = b.renewal
  const { user } = useAuth()
  const take = useQueuedStep(user?.id)
  // Sent through the queue: while it waits the card shows it pending (QueuedStepNotes) and the button rests.
  const clearing = useQueuedActions(user?.id, b.id).some((a) => isPending(a) && stepOf(a) === 'space-clear')
  if (!r || (!r.late && !r.notice && !r.spaceClear)) return null
  const renter = b.renter.firstName
  const host = b.host.firstName
  const notice = r.notice
  return (
    <div className="mt-3 space-y-2 text-sm">
      {r.late && notice?.by !== 'unpaid' && (
        <div className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-950" data-testid="payment-late">
          <p>
            <span className="mr-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">Payment late</span>
            {b.role === 'host' ? `${renter}'s monthly payment didn't go through. ` : "Your monthly payment didn't go through. "}
            {r.late.nextRetryAt ? `Stripe retries on ${dateLabel(dayOfIso(r.late.nextRetryAt))}.` : 'Stripe will not retry.'}
          </p>
          {b.role === 'host' && (
            <p className="mt-1 text-red-900" data-testid="rent-guarantee">
              <strong>Rent guarantee:</strong> {RENT_GUARANTEE_TEXT}
            </p>
          )}
        </div>
      )}
      {notice && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-950" data-testid="rental-notice">
          {notice.by === 'renter'
            ? `Move-out notice: ${b.role === 'renter' ? 'you move' : `${renter} moves`} out on ${dateLabel(notice.lastDay)}.`
            : notice.by === 'host'
              ? `Host's notice: ${b.role === 'host' ? 'you ended' : `${host} ended`} the rental with 30 days' notice; the last day is ${dateLabel(notice.lastDay)}.`
              : `Ended for non-payment: every retry failed, so the last day is ${dateLabel(notice.lastDay)}, the last day paid for.`}{' '}
          <span className="text-amber-800">Given {dateLabel(dayOfIso(notice.givenAt))}.</span>
          {b.role === 'host' && notice.by === 'unpaid' && (
            <span className="mt-1 block" data-testid="rent-guarantee">
              <strong>Rent guarantee:</strong> {RENT_GUARANTEE_TEXT}
            </span>
          )}
        </p>
      )}
      {r.spaceClear && <SpaceClearLine booking={b} online={online} busy={clearing} onClear={() => void take(b.id, 'space-clear')} />}
    </div>
  )
}

function SpaceClearLine({ booking: b, online, busy, onClear }: { booking: Booking; online: boolean; busy: boolean; onClear: () => void }) {
  const s = b.renewal!.spaceClear!
  const host = b.role === 'host'
  if (s.status === 'confirmed')
    return (
      <p className="text-emerald-800" data-testid="space-clear">
        ✓ {host ? 'You confirmed' : `${b.host.firstName} confirmed`} the space is clear.
      </p>
    )
  if (s.status === 'by-silence')
    return (
      <p className="text-stone-600" data-testid="space-clear">
        The space counts as clear (no answer within {SPACE_CLEAR_HOURS} hours of the move-out).
      </p>
    )
  if (s.status === 'not-yet')
    return (
      <p className="text-stone-600" data-testid="space-clear">
        {host
          ? `After the move-out you have ${SPACE_CLEAR_HOURS} hours to confirm the space is clear; if you don't, it counts as clear.`
          : `After the move-out ${b.host.firstName} has ${SPACE_CLEAR_HOURS} hours to confirm the space is clear.`}
      </p>
    )
  return host ? (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-stone-50 px-3 py-2" data-testid="space-clear">
      <p className="min-w-0 flex-1 text-stone-700">Is the space clear? Confirm by {when(s.deadline)}; if you don't, it counts as clear.</p>
      <button type="button" className="btn-primary min-h-11" disabled={!online || busy} onClick={onClear}>
        Space is clear
      </button>
    </div>
  ) : (
    <p className="text-stone-600" data-testid="space-clear">
      Waiting for {b.host.firstName} to confirm the space is clear (by {when(s.deadline)}; silence counts as clear).
    </p>
  )
}

/** "I'm moving out on …": the renter picks the close of a paid period; the rental and its billing end that day. */
export function MoveOutDialog({
  booking: b,
  busy,
  onConfirm,
  onCancel,
}: {
  booking: Booking
  busy: boolean
  onConfirm: (day: string) => void
  onCancel: () => void
}) {
  const dates = b.renewal?.moveOutDates ?? []
  const [day, setDay] = useState(dates[0] ?? '')
  return (
    <ConfirmDialog
      title="Give move-out notice"
      confirmLabel={day ? `Move out on ${dateLabel(day)}` : 'Move out'}
      cancelLabel="Not now"
      busy={busy}
      onConfirm={() => onConfirm(day)}
      onCancel={onCancel}
    >
      <label className="label" htmlFor={`move-out-${b.id}`}>
        I'm moving out on
      </label>
      <select id={`move-out-${b.id}`} className="input" value={day} onChange={(e) => setDay(e.target.value)}>
        {dates.map((d, i) => (
          <option key={d} value={d}>
            {dateLabel(d)}
            {i === 0 ? ' (end of the period you have paid for)' : ''}
          </option>
        ))}
      </select>
      <p>
        You pay by the month, so you can move out on the last day of a paid period: the end of this one, or of a later one. Nothing is charged after that day;
        the months up to it are paid on their usual day.
      </p>
      <p>{b.host.firstName} is told now and confirms the space is clear after you leave.</p>
    </ConfirmDialog>
  )
}
