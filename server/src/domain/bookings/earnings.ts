// The money a booking has moved, as dated payments, and what the host earns of each. Bookings keep only
// running totals (paidCents, refundedCents, paidThrough), so the schedule is derived: the first payment on
// the day the booking was confirmed, each renewal on its period's start day, a refund on the day of the
// cancellation. The payments always sum to paidCents exactly. Every figure of a month (the dashboard's
// "This month", its chart, the next payment a rental shows) comes from the two functions below, so a
// pro-rated last period is the same amount wherever it shows: periodCents (what the renter pays for a
// period) and hostShareOf (what the host keeps of a payment).
import type { BookingQuoteValue, BookingState } from '../../db/schema/bookings'
import { addDays, addMonths, applicationFeeCents, dayOf, holdsSpace, startOf, stayDays } from './transitions'

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

/**
 * What the host keeps of a payment of `cents`: the platform keeps the same share of every payment (Stripe's
 * application_fee_percent on a subscription), which for a full payment is exactly the quote's fee.
 */
export function hostShareOf(q: BookingQuoteValue, cents: number): number {
  const fee = applicationFeeCents(q)
  if (cents === q.firstPaymentCents || q.firstPaymentCents <= 0) return Math.max(0, cents - Math.min(fee, cents))
  return cents - Math.round((cents * fee) / q.firstPaymentCents)
}

/**
 * What the renter pays for the monthly period that starts on `periodStart`: the recurring amount, or, when
 * the stay ends inside the period, that amount pro-rated by the days it covers (Stripe prorates the last
 * period of a subscription that is set to end with the stay); nothing past the end.
 */
export function periodCents(b: Pick<MoneyBooking, 'quote' | 'endDate'>, periodStart: string): number {
  const lastDay = addDays(addMonths(periodStart, 1), -1)
  if (!b.endDate || b.endDate >= lastDay) return b.quote.recurringCents
  if (b.endDate < periodStart) return 0
  return Math.round((b.quote.recurringCents * stayDays(periodStart, b.endDate)) / stayDays(periodStart, lastDay))
}

/** A renewal cannot outnumber this many (a guard against a malformed booking, 100 years of months). */
const MAX_PERIODS = 1200

/** The booking's payments and refunds, oldest first. */
export function paymentsOf(b: MoneyBooking): DatedPayment[] {
  if (b.paidCents <= 0) return []
  const q = b.quote
  const payment = (date: string, cents: number): DatedPayment => ({ date, cents, hostCents: hostShareOf(q, cents) })
  const out: DatedPayment[] = []
  if (q.kind === 'short' || q.firstPaymentCents <= 0) out.push(payment(dayOf(b.confirmedAt ?? b.createdAt), b.paidCents))
  else {
    // Periods run as the renewals record them: each starts the day after the last one paid for.
    let left = b.paidCents
    let start = b.startDate
    for (let i = 0; left > 0; i++) {
      const due = i === 0 ? q.firstPaymentCents : periodCents(b, start)
      const endsHere = Boolean(b.endDate && b.endDate < addMonths(start, 1))
      const cents = left <= due || due <= 0 || endsHere || i >= MAX_PERIODS ? left : due
      out.push(payment(i === 0 ? dayOf(b.confirmedAt ?? b.createdAt) : start, cents))
      left -= cents
      start = addMonths(start, 1)
    }
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

/** The next payment the renter owes: the first while accepted, then each monthly renewal (the last pro-rated) until the end. */
export function nextPaymentOf(b: MoneyBooking, now: Date): { date: string; cents: number; hostCents: number } | null {
  const q = b.quote
  if (b.state === 'accepted') return { date: dayOf(b.expiresAt), cents: q.firstPaymentCents, hostCents: hostShareOf(q, q.firstPaymentCents) }
  if (!['confirmed', 'active'].includes(b.state) || q.kind === 'short' || !b.paidThrough || !holdsSpace(b, now)) return null
  const date = addDays(b.paidThrough, 1)
  if (b.endDate && date > b.endDate) return null
  const cents = periodCents(b, date)
  return { date, cents, hostCents: hostShareOf(q, cents) }
}
