// Amounts of money as every page writes them: always with the currency's decimals ("$108.00" beside
// "$157.50", never "$108"), so figures side by side read alike. Headline prices ("$120 / month" on a
// listing) stay whole: formatPrice in storage-constants.ts. The server's amounts are integer minor units.
import { formatDollarsFromCents, isDollars } from './format-number'
import { numberFormat } from './intl'

/** Decimals of a currency's amounts (2 for CAD and USD, 0 for JPY: its "cents" are then whole yen). */
const digitsOf = (currency: string) => numberFormat('en-CA', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2

/** 10800 CAD → "$108.00"; 15750 → "$157.50"; other currencies by Intl with their own decimals. */
export function formatAmount(cents: number, currency: string): string {
  if (isDollars(currency)) return formatDollarsFromCents(cents, { alwaysCents: true })
  const digits = digitsOf(currency.toUpperCase())
  return numberFormat('en-CA', { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol', minimumFractionDigits: digits }).format(
    cents / 10 ** digits,
  )
}
