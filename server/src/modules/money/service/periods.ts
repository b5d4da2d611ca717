// Which period of a stay a payment pays, and what it is made of, read off the booking's quote schedule: a
// checkout pays the first period; a later invoice the period its billing period starts in.
import type { BookingQuoteValue, ScheduledPayment } from '../../../db/schema/bookings'
import type { LedgerBreakdown } from '../../../db/schema/ledger'
import { addDays, addMonths } from '../../bookings/service/calendar'
import { paidThroughAfterNextPayment, withSchedule } from '../../bookings/service/pricing'
import { roundMinor } from './currency'

export interface StayTerms {
  quote: BookingQuoteValue
  startDate: string
  endDate: string | null
}

/**
 * The period a payment starting on `day` pays (null: the first, a checkout's): the scheduled payment whose
 * date is the last on or before `day` (an open-ended stay repeats its first each month), from its date to
 * the day before the next, the last clamped to the end date.
 */
export function periodOf(b: StayTerms, day: string | null): { start: string; end: string; planned: ScheduledPayment } {
  const q = withSchedule(b.quote, b)
  if (q.kind === 'short') return { start: b.startDate, end: b.endDate ?? b.startDate, planned: q.payments[0]! }
  let start = b.startDate
  let planned = q.payments[0]!
  if (day && day > b.startDate) {
    if (q.totalCents === null) {
      let n = 0
      while (addMonths(b.startDate, n + 1) <= day) n++
      start = addMonths(b.startDate, n)
      planned = { ...planned, date: start }
    } else {
      planned = [...q.payments].reverse().find((p) => p.date <= day) ?? planned
      start = planned.date
    }
  }
  return { start, end: paidThroughAfterNextPayment(b, addDays(start, -1)), planned }
}

/**
 * What an amount paid for a planned payment is made of: the planned parts when it is the planned amount;
 * otherwise the fee parts in proportion and the rent the rest (the parts always sum to the amount).
 */
export function breakdownOf(amount: number, planned: ScheduledPayment): LedgerBreakdown {
  if (planned.cents === amount || planned.cents <= 0)
    return {
      rentCents: amount - planned.serviceFeeCents - planned.protectionCents,
      serviceFeeCents: planned.serviceFeeCents,
      protectionCents: planned.protectionCents,
    }
  const serviceFeeCents = roundMinor((amount * planned.serviceFeeCents) / planned.cents)
  const protectionCents = roundMinor((amount * planned.protectionCents) / planned.cents)
  return { rentCents: amount - serviceFeeCents - protectionCents, serviceFeeCents, protectionCents }
}
