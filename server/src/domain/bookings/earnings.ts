// The money a booking has moved, as dated payments, and what the host earns of each. Bookings keep only
// running totals (paidCents, refundedCents, paidThrough), so the payments are read off the quote's schedule:
// the first on the day the booking was confirmed, each later one on its scheduled day (the last of a stay
// with an end date pro-rated), a refund on the day of the cancellation. The payments always sum to
// paidCents exactly; the host's share is each payment less the platform's fee (service fee and
// protection, applicationFeeCents, of that payment).
import type { BookingQuoteValue, BookingState } from '../../db/schema/bookings'
import type { ScheduledPayment } from '../../db/schema/bookings'
import { addDays, addMonths, applicationFeeCents, CONFIRMED_STATES, dayOf, holdsSpace, startOf, withSchedule } from './transitions'

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

export interface DatedPayment {
  date: string
  /** What the renter paid (negative: a refund). */
  cents: number
  /** What the host earns of it. */
  hostCents: number
}

/** The i-th payment of the schedule (an open-ended stay repeats its first); undefined past the last. */
function plannedPayment(b: MoneyBooking, i: number): ScheduledPayment | undefined {
  const q = withSchedule(b.quote, b)
  if (q.kind === 'monthly' && q.totalCents === null) return { ...q.payments[0]!, date: addMonths(b.startDate, i) }
  return q.payments[i]
}

/** The booking's payments and refunds, oldest first. */
export function paymentsOf(b: MoneyBooking): DatedPayment[] {
  if (b.paidCents <= 0) return []
  // How many scheduled payments the paid total covers (at least one); the last takes what is left over.
  let periods = 0
  for (let sum = 0, p = plannedPayment(b, 0); p && p.cents > 0 && sum + p.cents <= b.paidCents; p = plannedPayment(b, ++periods)) sum += p.cents
  periods = Math.max(1, periods)
  const out: DatedPayment[] = []
  let before = 0
  for (let i = 0; i < periods; i++) {
    const planned = plannedPayment(b, i) ?? plannedPayment(b, 0)!
    const cents = i < periods - 1 ? planned.cents : b.paidCents - before
    before += cents
    const date = i === 0 ? dayOf(b.confirmedAt ?? b.createdAt) : planned.date
    const fee = applicationFeeCents(planned)
    out.push({ date, cents, hostCents: Math.max(0, cents - Math.min(fee, cents)) })
  }
  if (b.refundedCents > 0) {
    const hostTotal = out.reduce((n, p) => n + p.hostCents, 0)
    const hostRefund = Math.round((Math.min(b.refundedCents, b.paidCents) * hostTotal) / b.paidCents)
    out.push({ date: dayOf(b.cancelledAt ?? b.confirmedAt ?? b.createdAt), cents: -b.refundedCents, hostCents: -hostRefund })
  }
  return out
}

/** What the host earns of a booking in all (the sum of paymentsOf's host shares). */
export const hostEarningsOf = (b: MoneyBooking) => paymentsOf(b).reduce((n, p) => n + p.hostCents, 0)

/** 'YYYY-MM' for the 12 months ending with now's month, oldest first (UTC). */
export function lastTwelveMonths(now: Date): string[] {
  const months: string[] = []
  for (let i = 11; i >= 0; i--) months.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7))
  return months
}

/** The host's earnings per month over the last 12 months. */
export function earningsByMonth(list: MoneyBooking[], now: Date): { month: string; cents: number }[] {
  const months = lastTwelveMonths(now)
  const sums = new Map(months.map((m) => [m, 0]))
  for (const b of list)
    for (const p of paymentsOf(b)) if (sums.has(p.date.slice(0, 7))) sums.set(p.date.slice(0, 7), sums.get(p.date.slice(0, 7))! + p.hostCents)
  return months.map((month) => ({ month, cents: sums.get(month)! }))
}

/** Payouts go out on the 1st of each month: the next one after now. */
export const nextPayoutDate = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10)

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
