// How receipts and statements write money (always with cents, as a receipt does) and days.
export const amount = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(cents / 100)

/** A negative amount with a true minus sign. */
export const minus = (cents: number, currency: string) => `−${amount(Math.abs(cents), currency)}`

/** An instant ('2026-03-05T10:00:00Z') or a day ('2026-03-05') as "Mar 5, 2026" (UTC). */
export const longDay = (when: string) =>
  new Date(when.length === 10 ? `${when}T12:00:00Z` : when).toLocaleDateString('en-CA', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

export const periodLabel = (period: { start: string; end: string } | null) => (period ? `${longDay(period.start)} – ${longDay(period.end)}` : null)

/** 'YYYY-MM' → "March 2026". */
export const monthName = (month: string) => new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' })
