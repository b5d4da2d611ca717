// Renter savings calculator (spec 9): a 10×10 ft unit at 200 a month against 100 a month here, plus the
// renter's service fee: the estimate is what the renter pays (110 a month), not the host's price.
import { groupDigits } from '@contract/format-number'
import { SERVICE_FEE_PERCENT } from '@contract/fees'

export const TRADITIONAL_PER_MONTH = 200
/** The host's price, before the service fee. */
export const NOOKSHARE_PER_MONTH = 100
/** What the renter pays a month: the rent and the service fee. */
export const RENTER_PAYS_PER_MONTH = NOOKSHARE_PER_MONTH + (NOOKSHARE_PER_MONTH * SERVICE_FEE_PERCENT) / 100
export const SLIDER = { min: 0, max: 48, step: 0.1 } as const
export const MIN_MONTHS_FOR_ESTIMATE = 0.1

export interface SavingsEstimate {
  months: number
  traditional: number
  nookshare: number
  savings: number
}

/** Null under 0.1 months ('Move the slider to see your estimate'); dollars are rounded to whole dollars. */
export function estimateSavings(rawMonths: number): SavingsEstimate | null {
  const months = Math.round(rawMonths * 10) / 10
  if (!Number.isFinite(months) || months < MIN_MONTHS_FOR_ESTIMATE) return null
  const traditional = Math.round(months * TRADITIONAL_PER_MONTH)
  const nookshare = Math.round(months * RENTER_PAYS_PER_MONTH)
  return { months, traditional, nookshare, savings: traditional - nookshare }
}

/** '1 month', '1.5 month', '2 months': the plural starts at 2 (spec 9). */
export function formatMonths(months: number): string {
  const value = Number.isInteger(months) ? String(months) : months.toFixed(1)
  return `${value} ${months >= 2 ? 'months' : 'month'}`
}

export const formatDollars = (n: number) => `$${groupDigits(n)}`
