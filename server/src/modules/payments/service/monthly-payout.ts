// The monthly payout on the 1st (spec 1): Stripe pays each host's balance out once a month, on the 1st, by
// the schedule set on their connected account when it is created; the host dashboard shows the next date.
import type Stripe from 'stripe'

export const PAYOUT_DAY_OF_MONTH = 1

/** The connected account's payout schedule (connectAccountParams sets it). */
export const monthlyPayoutSchedule: Stripe.AccountCreateParams.Settings.Payouts.Schedule = {
  interval: 'monthly',
  monthly_anchor: PAYOUT_DAY_OF_MONTH,
}

/** The next payout after now: the 1st of next month (UTC), as YYYY-MM-DD. */
export const nextPayoutDate = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, PAYOUT_DAY_OF_MONTH)).toISOString().slice(0, 10)
