// What a booking will pay next and where it stands, read off the quote's schedule: projections only.
// Money that moved (payments, refunds, what a host earned, payouts) is read from the ledger alone
// (modules/money/service/ledger-figures.ts); the month helpers live there and are re-exported here.
import type { BookingQuoteValue, BookingState } from '../../../db/schema/bookings'
import type { ScheduledPayment } from '../../../db/schema/bookings'
import { addDays, addMonths, applicationFeeCents, CONFIRMED_STATES, dayOf, holdsSpace, startOf, withSchedule } from './transitions'

export { lastTwelveMonths } from '../../money/service/ledger-figures'

export interface MoneyBooking {
  state: BookingState
  quote: BookingQuoteValue
  startDate: string
  endDate: string | null
  paidThrough: string | null
  paidCents: number
  refundedCents: number
  confirmedAt: Date | null
  cancelledAt: Date | null
  expiresAt: Date
  createdAt: Date
}

/** The i-th payment of the schedule (an open-ended stay repeats its first); undefined past the last. */
function plannedPayment(b: MoneyBooking, i: number): ScheduledPayment | undefined {
  const q = withSchedule(b.quote, b)
  if (q.kind === 'monthly' && q.totalCents === null) return { ...q.payments[0]!, date: addMonths(b.startDate, i) }
  return q.payments[i]
}

/** Where a booking that holds the space is now: waiting for payment, paid and not started, or running. */
export function phaseOf(b: MoneyBooking, now: Date): 'awaiting-payment' | 'upcoming' | 'active' | null {
  if (!holdsSpace(b, now)) return null
  if (b.state === 'accepted') return 'awaiting-payment'
  return now.getTime() >= startOf(b.startDate).getTime() ? 'active' : 'upcoming'
}

/** The next payment the renter owes: the first while accepted, then each scheduled one until the end. */
export function nextPaymentOf(b: MoneyBooking, now: Date): { date: string; cents: number; hostCents: number } | null {
  const first = plannedPayment(b, 0)!
  if (b.state === 'accepted') return { date: dayOf(b.expiresAt), cents: first.cents, hostCents: first.cents - applicationFeeCents(first) }
  if (!CONFIRMED_STATES.includes(b.state) || b.quote.kind === 'short' || !b.paidThrough || !holdsSpace(b, now)) return null
  const date = addDays(b.paidThrough, 1)
  if (b.endDate && date > b.endDate) return null
  let i = 0
  while (plannedPayment(b, i) && plannedPayment(b, i)!.date < date) i++
  const next = plannedPayment(b, i)
  if (!next) return null
  return { date, cents: next.cents, hostCents: next.cents - applicationFeeCents(next) }
}
