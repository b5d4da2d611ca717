// Numbers as the pages show them ("1,234", "$1,234.50"), without Intl. Creating the first number format
// loads the locale's data: on a slow phone about 30 ms, in the middle of hydrating the page (the lead
// pages' estimators and the storage search's totals and prices render numbers). The output is what
// Intl gives for en-CA and en-US (tests compare them), on the server and in every browser alike.

/** 1234567.891 → "1,234,567.891": comma groups, at most 3 decimals (as toLocaleString writes them). */
export function groupDigits(n: number): string {
  const sign = n < 0 ? '-' : ''
  const [whole, fraction] = String(Math.round(Math.abs(n) * 1000) / 1000).split('.')
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`
}

/**
 * Dollars and cents from cents: 123450 → "$1,234.50", 120000 → "$1,200" (no cents when whole), or
 * "$1,200.00" with `alwaysCents`.
 */
export function formatDollarsFromCents(cents: number, { alwaysCents = false } = {}): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.round(Math.abs(cents))
  const rest = abs % 100
  return `${sign}$${groupDigits(Math.floor(abs / 100))}${rest || alwaysCents ? `.${String(rest).padStart(2, '0')}` : ''}`
}

/** Whether `currency` is written as `formatDollarsFromCents` writes it: Canadian dollars ("$", 2 decimals). */
export const isDollars = (currency: string) => currency.toUpperCase() === 'CAD'
