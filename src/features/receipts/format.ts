// How receipts and statements write money (always with cents, as a receipt does) and days.
import { formatDay, formatMonth } from '@contract/format-date'
import { formatDollarsFromCents, isDollars } from '@contract/format-number'
import { numberFormat } from '@contract/intl'

export const amount = (cents: number, currency: string) =>
  isDollars(currency)
    ? formatDollarsFromCents(cents, { alwaysCents: true })
    : numberFormat('en-CA', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(cents / 100)

/** A negative amount with a true minus sign. */
export const minus = (cents: number, currency: string) => `−${amount(Math.abs(cents), currency)}`

/** An instant ('2026-03-05T10:00:00Z') or a day ('2026-03-05') as "Mar 5, 2026" (UTC). */
export const longDay = (when: string) => formatDay(when)

export const periodLabel = (period: { start: string; end: string } | null) => (period ? `${longDay(period.start)} – ${longDay(period.end)}` : null)

/** 'YYYY-MM' → "March 2026". */
export const monthName = (month: string) => formatMonth(month, { long: true })
