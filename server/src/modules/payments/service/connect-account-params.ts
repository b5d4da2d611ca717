// The connected account we create for a host: prefilled from the stored profile (spec 7 prefillData:
// business_profile always, individual or company by businessType), Express dashboard, platform pays
// fees and carries losses, card payments and transfers, payouts monthly on the 1st (monthly-payout.ts).
import type Stripe from 'stripe'
import type { AddressValue, UserRow } from '../../../db/schema/users'
import { monthlyPayoutSchedule } from './monthly-payout'

/** Stripe rejects empty strings for many fields: leave out what the host has not filled in. */
function compact<T extends Record<string, unknown>>(obj: T): T {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(obj)) {
    if (v === '' || v === undefined) continue
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const inner = compact(v as Record<string, unknown>)
      if (Object.keys(inner).length) out[k] = inner
    } else out[k] = v
  }
  return out as T
}

export const addressParam = (a: AddressValue): Stripe.AddressParam => ({
  line1: a.street,
  city: a.city,
  state: a.state,
  postal_code: a.zipCode,
  country: a.country || 'US',
})

export function dobParam(dateOfBirth: string): Stripe.AccountCreateParams.Individual.Dob | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth)
  return m ? { day: Number(m[3]), month: Number(m[2]), year: Number(m[1]) } : undefined
}

export function connectAccountParams(user: UserRow): Stripe.AccountCreateParams {
  const company = user.businessType === 'company'
  const home = company && user.businessAddress.street ? user.businessAddress : user.address
  const prefill = compact({
    email: user.email,
    business_profile: { name: user.businessName, url: user.website, support_email: user.email, support_phone: user.phone },
    ...(company
      ? { company: { name: user.businessName, phone: user.phone, address: addressParam(home), tax_id: user.taxId } }
      : {
          individual: {
            email: user.email,
            first_name: user.firstName,
            last_name: user.lastName,
            phone: user.phone,
            address: addressParam(user.address),
            dob: dobParam(user.dateOfBirth),
          },
        }),
  })
  return {
    ...prefill,
    country: home.country || 'US',
    business_type: company ? 'company' : 'individual',
    controller: { fees: { payer: 'application' }, losses: { payments: 'application' }, stripe_dashboard: { type: 'express' } },
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    settings: { payouts: { schedule: monthlyPayoutSchedule } },
    metadata: { nookshareUserId: user.id },
  } as Stripe.AccountCreateParams
}

/** The onboarding session: the embedded account_onboarding component, bank account collection on. */
export const onboardingSessionParams = (accountId: string): Stripe.AccountSessionCreateParams => ({
  account: accountId,
  components: { account_onboarding: { enabled: true, features: { external_account_collection: true } } },
})
