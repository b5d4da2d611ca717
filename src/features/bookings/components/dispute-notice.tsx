// A booking whose payment the renter's bank disputed (a chargeback), in plain words for each side: what is
// disputed, what happens now and, once the bank decides, the outcome.
import type { Booking } from '@contract/booking'
import { disputeIsOpen } from '@contract/disputes'
import { formatMoney } from '@contract/money'
import { dateFormat } from '@contract/intl'

const day = (iso: string) => dateFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso))

export function DisputeNotice({ booking: b }: { booking: Booking }) {
  const d = b.dispute
  if (!d || b.role === 'admin') return null
  const amount = formatMoney(d.amountCents, d.currency)
  const open = disputeIsOpen(d.status)
  const host = b.role === 'host'
  const text = open
    ? host
      ? `The renter's bank is disputing a ${amount} payment for this booking. Nookshare answers the bank for you${d.dueBy ? ` before ${day(d.dueBy)}` : ''}; we may ask you for photos or messages about the stay. Until the bank decides, that money may be held back from your payouts.`
      : `Your bank is disputing a ${amount} payment for this booking. If it was a mistake, tell your bank so it can close the dispute.`
    : d.status === 'won'
      ? host
        ? `The bank decided the disputed ${amount} payment in your favour: it stays paid.`
        : `Your bank decided the disputed ${amount} payment for the host: it stays paid.`
      : d.status === 'lost'
        ? host
          ? `The bank decided the disputed ${amount} payment for the renter: it went back to them.`
          : `Your bank decided the disputed ${amount} payment for you: it went back to your card.`
        : `The bank closed its inquiry about a ${amount} payment.`
  return (
    <p
      role="status"
      data-testid="dispute-notice"
      className={`mt-3 rounded-lg border px-3 py-2 text-sm ${open ? 'border-red-200 bg-red-50 text-red-900' : 'border-stone-200 bg-stone-50 text-stone-800'}`}
    >
      <strong className="font-semibold">{open ? 'Payment disputed. ' : 'Dispute decided. '}</strong>
      {text}
    </p>
  )
}
