// What a payment is made of: the rent (pro-rated for part of a month), the renter's service fee and the
// protection plan; and what the platform keeps of it (Stripe's application fee). Integer amounts only.
import type { BookingQuoteValue, ScheduledPayment } from '../../../db/schema/bookings'
import { roundMinor } from './currency'

export const PROTECTION_MONTHLY_CENTS = 900
/** Stays shorter than this many days are one payment, pro-rated; longer ones are billed monthly. */
export const MONTH_DAYS = 30

/** A part of a month: days/30 of the monthly price, rounded to a whole smallest unit. */
export const proRate = (monthlyCents: number, days: number) => roundMinor((monthlyCents * days) / MONTH_DAYS)
export const percentOf = (cents: number, percent: number) => roundMinor((cents * percent) / 100)

/** What the platform keeps of each payment (the host receives the rest: the rent itself). */
export const applicationFeeCents = (q: Pick<BookingQuoteValue, 'serviceFeeCents' | 'protectionCents'>) => q.serviceFeeCents + q.protectionCents
/** The same as a percentage of a payment (Stripe's subscription form), to two decimals. */
export const paymentFeePercent = (p: Pick<ScheduledPayment, 'serviceFeeCents' | 'protectionCents' | 'cents'>) =>
  Math.round((applicationFeeCents(p) * 10_000) / p.cents) / 100
/** The fee percent of the first (and each full) payment. */
export const applicationFeePercent = (q: BookingQuoteValue) =>
  paymentFeePercent({ serviceFeeCents: q.serviceFeeCents, protectionCents: q.protectionCents, cents: q.firstPaymentCents })

/** The application fee Stripe takes of an amount at a percentage (a subscription invoice's fee). */
export const feeAtPercent = (amount: number, percent: number) => roundMinor((amount * percent) / 100)
