// What a stay costs and when it is paid: the quote every screen shows, the schedule Stripe is told to
// charge, and the paid period each payment buys. One rule for days everywhere: both the first and the last
// day count (stayDays). Integer cents only.
import type { BookingQuoteValue, ScheduledPayment } from '../../../db/schema/bookings'
import { MONTH_DAYS, percentOf, proRate, PROTECTION_MONTHLY_CENTS } from '../../money/service/fees'
import { MAX_STAY_MONTHS } from '@contract/booking-dates'
import { addDays, addMonths, dayNumber, dayOf, stayDays } from './calendar'

// The fee and pro-rating rules live in the money module (modules/money/service/fees.ts); callers keep importing them from here.
export {
  applicationFeeCents,
  applicationFeePercent,
  MONTH_DAYS,
  paymentFeePercent,
  percentOf,
  proRate,
  PROTECTION_MONTHLY_CENTS,
} from '../../money/service/fees'

/**
 * The billing periods of a stay with an end date, billed monthly: each starts on the start date or the same
 * day of a following month (clamped: from Jan 31 the next is Feb 28, then Mar 31); each is a full month
 * (`days: null`) except the last, which runs from its payment date to the end date and counts its days —
 * unless those make a whole month (or 30 days or more), which is a full payment.
 */
export function billingPeriods(startDate: string, endDate: string): { date: string; days: number | null }[] {
  const periods: { date: string; days: number | null }[] = []
  const end = dayNumber(endDate)
  // The contract bounds a stay to MAX_STAY_MONTHS; the loop is capped too, so no input can make it run on.
  for (let i = 0; i <= MAX_STAY_MONTHS; i++) {
    const date = addMonths(startDate, i)
    if (dayNumber(date) > end) return periods
    const lastDay = addDays(addMonths(startDate, i + 1), -1)
    if (dayNumber(lastDay) <= end) {
      periods.push({ date, days: null })
      continue
    }
    const days = stayDays(date, endDate)
    periods.push({ date, days: days >= MONTH_DAYS ? null : days })
    return periods
  }
  throw new RangeError(`a stay from ${startDate} to ${endDate} is longer than ${MAX_STAY_MONTHS} months`)
}

interface QuoteInput {
  monthlyCents: number
  startDate: string
  endDate: string | null
  protection: boolean
  platformFeePercent: number
}

/** One payment: the rent for its days (a full month when `days` is null), the service fee on it, the protection plan. */
function payment(input: QuoteInput, date: string, days: number | null): ScheduledPayment {
  const baseCents = days === null ? input.monthlyCents : proRate(input.monthlyCents, days)
  const protectionCents = input.protection ? (days === null ? PROTECTION_MONTHLY_CENTS : proRate(PROTECTION_MONTHLY_CENTS, days)) : 0
  const serviceFeeCents = percentOf(baseCents, input.platformFeePercent)
  return { date, days, baseCents, serviceFeeCents, protectionCents, cents: baseCents + serviceFeeCents + protectionCents }
}

/**
 * The price of a stay: under 30 days one pro-rated payment; otherwise monthly payments, and with an end
 * date the whole schedule (the last period pro-rated) and its total. An open-ended stay lists its first
 * payment; `recurringCents` then recurs each month until cancelled.
 */
export function quote(input: QuoteInput): Required<BookingQuoteValue> {
  const days = input.endDate ? stayDays(input.startDate, input.endDate) : null
  const short = days !== null && days < MONTH_DAYS
  const full = payment(input, input.startDate, short ? days : null)
  const payments = input.endDate && !short ? billingPeriods(input.startDate, input.endDate).map((p) => payment(input, p.date, p.days)) : [full]
  return {
    kind: short ? 'short' : 'monthly',
    days,
    monthlyCents: input.monthlyCents,
    baseCents: full.baseCents,
    serviceFeeCents: full.serviceFeeCents,
    protectionCents: full.protectionCents,
    firstPaymentCents: payments[0]!.cents,
    recurringCents: short ? 0 : full.cents,
    platformFeePercent: input.platformFeePercent,
    payments,
    totalCents: input.endDate ? payments.reduce((n, p) => n + p.cents, 0) : null,
  }
}

/**
 * A stored quote with its schedule: rows written before schedules were kept lack `payments` and
 * `totalCents`, so they are worked out again from the same rules (the figures already stored win).
 */
export function withSchedule(q: BookingQuoteValue, b: { startDate: string; endDate: string | null }): Required<BookingQuoteValue> {
  if (q.payments && q.totalCents !== undefined) return q as Required<BookingQuoteValue>
  const again = quote({
    monthlyCents: q.monthlyCents,
    startDate: b.startDate,
    endDate: b.endDate,
    protection: q.protectionCents > 0,
    platformFeePercent: q.platformFeePercent,
  })
  return { ...again, ...q, payments: again.payments, totalCents: again.totalCents } as Required<BookingQuoteValue>
}

/**
 * The last day paid for once the next payment has gone through (`paidThrough`: what was paid before, null
 * before the first). Periods count from the start date, so month-end clamping never drifts; the last
 * payment pays up to the end date, not a month on.
 */
export function paidThroughAfterNextPayment(b: { startDate: string; endDate: string | null }, paidThrough: string | null): string {
  const from = dayNumber(paidThrough ? addDays(paidThrough, 1) : b.startDate)
  // The month count from the start, found without a loop (then nudged for month-end clamping).
  const [sy, sm] = b.startDate.split('-').map(Number) as [number, number]
  const [fy, fm] = dayOf(new Date(from * 86_400_000))
    .split('-')
    .map(Number) as [number, number]
  let n = Math.max(1, (fy - sy) * 12 + (fm - sm) - 1)
  while (dayNumber(addMonths(b.startDate, n)) <= from) n++
  const through = addDays(addMonths(b.startDate, n), -1)
  return b.endDate && dayNumber(b.endDate) < dayNumber(through) ? b.endDate : through
}
