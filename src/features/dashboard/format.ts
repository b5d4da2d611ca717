// How the dashboards write money, days and months (UTC days, as the server sends them).
import { formatDollarsFromCents, isDollars } from '@contract/format-number'
import { formatDay, formatMonth } from '@contract/format-date'
import { numberFormat } from '@contract/intl'

/** Decimals of a currency's amounts (2 for CAD, 0 for JPY: the server's "cents" are then whole yen). */
const digitsOf = (currency: string) => numberFormat('en-CA', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2

/** Money as the dashboards write it: no cents when whole ("$1,200", "$12.50"); dollars without Intl. */
export const money = (cents: number, currency: string) => {
  if (isDollars(currency)) return formatDollarsFromCents(cents)
  const unit = 10 ** digitsOf(currency)
  return numberFormat('en-CA', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: cents % unit ? undefined : 0,
    maximumFractionDigits: cents % unit ? undefined : 0,
  }).format(cents / unit)
}

export const dayLabel = formatDay

/** 'YYYY-MM' → "Jan" (short) or "January 2026" (long). */
export const monthLabel = (month: string, long = false) => formatMonth(month, { long })

export const datesLabel = (start: string, end: string | null) => (end ? `${dayLabel(start)} – ${dayLabel(end)}` : `From ${dayLabel(start)}, monthly`)
