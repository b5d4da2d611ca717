// What Stripe is told after a monthly stay is paid, so that it charges each later payment on the day the
// schedule shows (the start date and the same day of each following month) and, with an end date, nothing
// after. The Checkout's subscription is put under a Subscription Schedule (created from it). Its current
// phase starts at the checkout payment, usually days or weeks before the stay starts; left alone, Stripe
// would renew on the payment's day of the month. So:
//   A. the current phase, from the payment up to the start date (or up to a month on, when paid more than a
//      month ahead: it never renews inside it); paid on or after the start date, up to start + 1 month;
//   B. when paid before the start: a trial up to start + 1 month (the checkout payment paid the first month);
//   C. from start + 1 month, the monthly phases, each anchored at its start (`billing_cycle_anchor:
//      'phase_start'`): the remaining full months, then the pro-rated last payment with its own fee percent,
//      then cancel; an open-ended stay has one monthly phase and is then released, keeping that anchor.
//   D. a start on the 29th–31st whose second payment falls in a shorter month (Jan 31 → Feb 28): anchored
//      there, Stripe would go on billing on the 28th (the anchor's day) while the schedule says Mar 31. So
//      the second payment is a phase of its own (Feb 28 → Mar 28), a trial fills the days up to the third
//      payment (Mar 28 → Mar 31), and the monthly phases are anchored there, on the start's day; from an
//      anchor on the 31st Stripe bills on the last day of shorter months (Apr 30, May 31), as the schedule
//      counts. (Two shorter months never follow each other, so the third payment always has the day.)
// No prorations anywhere.
import type Stripe from 'stripe'
import type { BookingQuoteValue } from '../../../db/schema/bookings'
import { addMonths, addMonthsUnix, startOf } from './calendar'
import { applicationFeePercent, paymentFeePercent } from './pricing'

/** The current phase of the schedule Stripe made from the subscription (read back from the create call). */
export interface CurrentPhase {
  startDate: number
  /** The subscription's price (made by Checkout from price_data) and its product. */
  priceId: string
  productId: string
  currency: string
  destination: string | null
}

/** A payment day as Stripe's timestamps count it: the instant it begins (UTC), in seconds. */
export const dayStartUnix = (day: string) => Math.floor(startOf(day).getTime() / 1000)

export function schedulePhasesParams(
  q: Required<BookingQuoteValue>,
  stay: { startDate: string; endDate: string | null },
  current: CurrentPhase,
  metadata: Record<string, string>,
): Stripe.SubscriptionScheduleUpdateParams {
  const common = {
    proration_behavior: 'none' as const,
    application_fee_percent: applicationFeePercent(q),
    metadata,
    ...(current.destination ? { transfer_data: { destination: current.destination } } : {}),
  }
  const items = [{ price: current.priceId, quantity: 1 }]
  const start = dayStartUnix(stay.startDate)
  const secondPayment = dayStartUnix(addMonths(stay.startDate, 1))
  const phases: Stripe.SubscriptionScheduleUpdateParams.Phase[] = []
  if (current.startDate < start) {
    phases.push({ ...common, start_date: current.startDate, end_date: Math.min(start, addMonthsUnix(current.startDate, 1)), items })
    phases.push({ ...common, trial: true, end_date: secondPayment, items })
  } else phases.push({ ...common, start_date: current.startDate, end_date: secondPayment, items })
  const monthly = (months: number) => ({
    ...common,
    billing_cycle_anchor: 'phase_start' as const,
    duration: { interval: 'month' as const, interval_count: months },
  })
  // D: the second payment's own phase and the trial up to the third, when the second one's month is short.
  const third = addMonths(stay.startDate, 2)
  const drifts = addMonths(addMonths(stay.startDate, 1), 1) !== third
  const secondAlone = () => {
    phases.push({ ...monthly(1), items })
    phases.push({ ...common, trial: true, end_date: dayStartUnix(third), items })
  }
  if (!stay.endDate) {
    if (drifts) secondAlone()
    phases.push({ ...monthly(1), items })
    return { end_behavior: 'release', proration_behavior: 'none', phases, metadata }
  }
  let fullLater = q.payments.filter((p) => p.days === null).length - 1
  const last = q.payments[q.payments.length - 1]!
  // Only with a third payment: a second that is the last is followed by nothing to drift.
  if (drifts && q.payments.length >= 3) {
    secondAlone()
    fullLater--
  }
  if (fullLater > 0) phases.push({ ...monthly(fullLater), items })
  if (last.days !== null)
    phases.push({
      ...monthly(1),
      items: [
        { price_data: { currency: current.currency, product: current.productId, unit_amount: last.cents, recurring: { interval: 'month' } }, quantity: 1 },
      ],
      application_fee_percent: paymentFeePercent(last),
    })
  return { end_behavior: 'cancel', proration_behavior: 'none', phases, metadata }
}

/** Reads the current phase out of the schedule that `subscriptionSchedules.create({ from_subscription })` returned. */
export function currentPhaseOf(schedule: Stripe.SubscriptionSchedule): CurrentPhase {
  const phase = schedule.phases[0]
  const item = phase?.items[0]
  const price = item?.price
  if (!phase || !price || typeof price === 'string' || 'deleted' in price)
    throw new Error(`schedule ${schedule.id} has no current phase with an expanded price`)
  const destination = phase.transfer_data?.destination
  return {
    startDate: phase.start_date,
    priceId: price.id,
    productId: typeof price.product === 'string' ? price.product : price.product.id,
    currency: price.currency,
    destination: destination ? (typeof destination === 'string' ? destination : destination.id) : null,
  }
}
