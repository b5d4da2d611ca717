// A host's payment status (spec 3 "Payment status") comes from the connected account's own state as
// Stripe reports it, never from a flag of ours that could drift.
import type Stripe from 'stripe'
import type { AccountState, PaymentAccountRow } from '../../../db/schema/payment-accounts'

export type { AccountState }

export function accountState(account: Stripe.Account): AccountState {
  const r = account.requirements
  const f = account.future_requirements
  return {
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirements: {
      currentlyDue: r?.currently_due ?? [],
      pastDue: r?.past_due ?? [],
      // Onboarding collects future requirements too, so they count as due eventually.
      eventuallyDue: [...new Set([...(r?.eventually_due ?? []), ...(f?.eventually_due ?? [])])],
      disabledReason: r?.disabled_reason ?? null,
    },
  }
}

/**
 * needsOnboarding: no account yet, or the host has not submitted the onboarding form.
 * needsVerification: submitted, but Stripe still wants something (due now, overdue or eventually) or has
 * not enabled charges and payouts. Neither: the host can be paid.
 */
export function paymentStatus(state: AccountState | undefined): { needsOnboarding: boolean; needsVerification: boolean } {
  if (!state || !state.detailsSubmitted) return { needsOnboarding: true, needsVerification: false }
  const { currentlyDue, pastDue, eventuallyDue } = state.requirements
  const due = currentlyDue.length + pastDue.length + eventuallyDue.length > 0
  return { needsOnboarding: false, needsVerification: due || !state.chargesEnabled || !state.payoutsEnabled }
}

export const rowState = (row: PaymentAccountRow): AccountState => ({
  detailsSubmitted: row.detailsSubmitted,
  chargesEnabled: row.chargesEnabled,
  payoutsEnabled: row.payoutsEnabled,
  requirements: row.requirements,
})
