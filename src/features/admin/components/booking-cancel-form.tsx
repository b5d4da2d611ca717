// An admin's cancel of a booking with a refund: the amount (all that is left by default, in the booking's
// currency) and the reason both parties read; the server checks both again.
import { useState } from 'react'
import type { AdminBooking } from '@contract/admin'
import { disputeIsOpen } from '@contract/disputes'
import { formatMoney, moneyInputValue, parseMoney } from '@contract/money'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useAdminCancelBooking } from '../api/admin-bookings'

/** What the refund field shows: "12.50", "120.00". */
const amountText = (cents: number, currency: string) => moneyInputValue(cents, currency, { decimals: 'always' })

export function CancelForm({ booking: b, onDone }: { booking: AdminBooking; onDone: () => void }) {
  const cancel = useAdminCancelBooking()
  const [amount, setAmount] = useState(amountText(b.refundableCents, b.currency))
  const [reason, setReason] = useState('')
  const [error, setError] = useState<{ field: 'amount' | 'reason' | 'form'; message: string } | null>(null)
  const refunds = b.refundableCents > 0
  const max = formatMoney(b.refundableCents, b.currency)
  /** The amount typed, in cents; null when it is not an amount (at most the currency's decimals). */
  const typed = parseMoney(amount, b.currency)
  return (
    <form
      className="space-y-3 border-t border-stone-200 pt-4"
      aria-label="Cancel with a refund"
      onSubmit={(e) => {
        e.preventDefault()
        const cents = refunds ? typed : 0
        if (refunds && (cents === null || cents <= 0 || cents > b.refundableCents))
          return setError({ field: 'amount', message: `Enter an amount more than 0 and at most ${max}.` })
        if (!reason.trim()) return setError({ field: 'reason', message: 'Please give a reason: both parties will read it.' })
        cancel.mutate(
          { id: b.id, reason: reason.trim(), ...(refunds ? { amountCents: cents! } : {}) },
          {
            onSuccess: ({ warning }) => {
              if (warning) toast.warning(warning)
              else toast.success(refunds ? `Booking cancelled; ${formatMoney(cents!, b.currency)} refunded.` : 'Booking cancelled.')
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
            {amount !== amountText(b.refundableCents, b.currency) && (
              <button type="button" className="font-semibold text-brand-800 underline" onClick={() => setAmount(amountText(b.refundableCents, b.currency))}>
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
        {cancel.isPending ? 'Cancelling…' : refunds ? `Cancel and refund ${typed !== null ? formatMoney(typed, b.currency) : ''}` : 'Cancel the booking'}
      </button>
    </form>
  )
}
