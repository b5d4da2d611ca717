// Numbers as the pages show them ("1,234"), without Intl (amounts of money: contract/money.ts). Creating
// the first number format loads the locale's data: on a slow phone about 30 ms, in the middle of hydrating the page (the lead
// pages' estimators and the storage search's totals and prices render numbers). The output is what
// Intl gives for en-CA and en-US (tests compare them), on the server and in every browser alike.

/** 1234567.891 → "1,234,567.891": comma groups, at most 3 decimals (as toLocaleString writes them). */
export function groupDigits(n: number): string {
  const sign = n < 0 ? '-' : ''
  const [whole, fraction] = String(Math.round(Math.abs(n) * 1000) / 1000).split('.')
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`
}
