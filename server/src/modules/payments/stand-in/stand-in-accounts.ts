// The connected accounts the local Stripe stand-in keeps, in Stripe's shapes (the subset we read):
// created from the request's params, with requirements for whatever the prefill left out.
import { randomBytes } from 'node:crypto'
import type { FormValue } from './form-decode'

type Obj = Record<string, any>

/** What Stripe asks a new account for when the prefill lacks it (a fair subset of the real list). */
const INDIVIDUAL_FIELDS = [
  'individual.first_name',
  'individual.last_name',
  'individual.email',
  'individual.phone',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.address.line1',
  'individual.address.city',
  'individual.address.postal_code',
]
const COMPANY_FIELDS = [
  'company.name',
  'company.phone',
  'company.tax_id',
  'company.address.line1',
  'company.address.city',
  'company.address.postal_code',
  'representative.first_name',
  'representative.last_name',
]
const ALWAYS_DUE = ['business_profile.mcc', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip']

const get = (obj: Obj, path: string) => path.split('.').reduce<any>((o, k) => (o == null ? undefined : o[k]), obj)

export function newAccountId() {
  return `acct_${randomBytes(8).toString('hex')}`
}

export function createAccount(params: Record<string, FormValue>, now: number): Obj {
  const p = params as Obj
  const businessType = p.business_type === 'company' ? 'company' : 'individual'
  const fields = businessType === 'company' ? COMPANY_FIELDS : INDIVIDUAL_FIELDS
  const missing = fields.filter((f) => !get(p, f)).concat(get(p, 'business_profile.url') ? [] : ['business_profile.url'], ALWAYS_DUE)
  return {
    id: newAccountId(),
    object: 'account',
    business_type: businessType,
    country: p.country ?? 'US',
    email: p.email ?? null,
    created: now,
    details_submitted: false,
    charges_enabled: false,
    payouts_enabled: false,
    business_profile: p.business_profile ?? {},
    ...(p.individual ? { individual: { object: 'person', ...p.individual } } : {}),
    ...(p.company ? { company: p.company } : {}),
    capabilities: Object.fromEntries(Object.keys(p.capabilities ?? {}).map((k) => [k, 'inactive'])),
    controller: p.controller ?? {},
    metadata: p.metadata ?? {},
    settings: { payouts: { schedule: p.settings?.payouts?.schedule ?? { interval: 'daily', delay_days: 2 } } },
    requirements: requirementsOf(missing),
    future_requirements: requirementsOf([]),
  }
}

export function requirementsOf(due: string[], pending: string[] = []) {
  return {
    currently_due: [...due],
    eventually_due: [...due],
    past_due: [],
    pending_verification: pending,
    errors: [],
    disabled_reason: due.length ? 'requirements.past_due' : null,
    current_deadline: null,
  }
}

/** A bank account as the sandbox form gave it (Stripe's routing_number: a Canadian one is transit-institution). */
export interface StandInBank {
  country: string
  routingNumber: string
  accountNumber: string
}
export interface CompletedDetails {
  firstName?: string
  lastName?: string
  bank?: StandInBank
}

const bankAccountOf = (accountId: string, bank: StandInBank) => ({
  id: `ba_${accountId.slice(-12)}`,
  object: 'bank_account',
  account: accountId,
  country: bank.country,
  currency: bank.country === 'CA' ? 'cad' : 'usd',
  routing_number: bank.routingNumber,
  last4: bank.accountNumber.slice(-4),
  default_for_currency: true,
  status: 'new',
})

/** The sandbox onboarding form was completed: nothing is due any more, charges and payouts work. */
export function completeAccount(account: Obj, details: CompletedDetails = {}): Obj {
  const individual = account.individual
    ? { ...account.individual, first_name: details.firstName || account.individual.first_name, last_name: details.lastName || account.individual.last_name }
    : undefined
  return {
    ...account,
    ...(individual ? { individual } : {}),
    ...(details.bank ? { external_accounts: { object: 'list', data: [bankAccountOf(account.id, details.bank)], has_more: false } } : {}),
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
    capabilities: Object.fromEntries(Object.keys(account.capabilities ?? {}).map((k) => [k, 'active'])),
    requirements: requirementsOf([]),
    future_requirements: requirementsOf([]),
  }
}
