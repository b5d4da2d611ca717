// What Stripe is told after a monthly stay with an end date is paid, so that it charges exactly the
// quote's schedule and nothing after: the Checkout's subscription is put under a Subscription Schedule
// (created from it), whose phases are the full monthly payments (starting where the paid period starts)
// and then, when the last period is shorter than a month, one payment of its pro-rated amount with its
// own fee percent. No prorations anywhere; at the end the schedule cancels the subscription.
import type Stripe from 'stripe'
import type { BookingQuoteValue } from '../../db/schema/bookings'
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

export function schedulePhasesParams(
  q: Required<BookingQuoteValue>,
  current: CurrentPhase,
  metadata: Record<string, string>,
): Stripe.SubscriptionScheduleUpdateParams {
  const fullPayments = q.payments.filter((p) => p.days === null).length
  const last = q.payments[q.payments.length - 1]!
  const common = {
    proration_behavior: 'none' as const,
    metadata,
    ...(current.destination ? { transfer_data: { destination: current.destination } } : {}),
  }
  const phases: Stripe.SubscriptionScheduleUpdateParams.Phase[] = [
    {
      ...common,
      start_date: current.startDate,
      items: [{ price: current.priceId, quantity: 1 }],
      duration: { interval: 'month', interval_count: fullPayments },
      application_fee_percent: applicationFeePercent(q),
    },
  ]
  if (last.days !== null)
    phases.push({
      ...common,
      items: [
        { price_data: { currency: current.currency, product: current.productId, unit_amount: last.cents, recurring: { interval: 'month' } }, quantity: 1 },
      ],
      duration: { interval: 'month', interval_count: 1 },
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
