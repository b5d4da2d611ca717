// Ending a monthly stay's billing at a date. A subscription still under its payment schedule (the first two
// months or so: see schedule-params) takes no cancel date of its own at Stripe, so the schedule is released
// first; before the second payment day it would then renew on the checkout payment's day, so it is given a
// trial up to that day (the first month is paid): later charges keep the start date's day.
import type Stripe from 'stripe'
import { addMonths } from './calendar'
import { dayStartUnix } from './schedule-params'

export async function endScheduledBilling(stripe: Stripe, b: { startDate: string }, subscriptionId: string, cancelAt: number) {
  const sub = await stripe.subscriptions.retrieve(subscriptionId)
  const scheduleId = typeof sub.schedule === 'string' ? sub.schedule : (sub.schedule?.id ?? null)
  if (scheduleId) {
    await stripe.subscriptionSchedules.release(scheduleId)
    const secondPayment = dayStartUnix(addMonths(b.startDate, 1))
    if (Date.now() / 1000 < secondPayment) await stripe.subscriptions.update(subscriptionId, { trial_end: secondPayment, proration_behavior: 'none' })
  }
  // Billing stops at the close of the last paid period: no prorated charge or credit for a part of one.
  await stripe.subscriptions.update(subscriptionId, { cancel_at: cancelAt, proration_behavior: 'none' })
}
