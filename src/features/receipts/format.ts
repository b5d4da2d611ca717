// How receipts and statements write negative amounts and days (money: @contract/money, always with cents).
import { formatDay, formatMonth } from '@contract/format-date'
import { formatMoney } from '@contract/money'

/** A negative amount with a true minus sign. */
export const minus = (cents: number, currency: string) => `−${formatMoney(Math.abs(cents), currency)}`

/** An instant ('2026-03-05T10:00:00Z') or a day ('2026-03-05') as "Mar 5, 2026" (UTC). */
export const longDay = (when: string) => formatDay(when)

export const periodLabel = (period: { start: string; end: string } | null) => (period ? `${longDay(period.start)} – ${longDay(period.end)}` : null)

/** 'YYYY-MM' → "March 2026". */
export const monthName = (month: string) => formatMonth(month, { long: true })
