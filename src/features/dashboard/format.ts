// How the dashboards write money, days and months (UTC days, as the server sends them).
import { formatAmount } from '@contract/format-money'
import { formatDay, formatMonth } from '@contract/format-date'

/** Money as every page writes amounts: always with cents ("$1,200.00" beside "$12.50"). */
export const money = formatAmount

export const dayLabel = formatDay

/** 'YYYY-MM' → "Jan" (short) or "January 2026" (long). */
export const monthLabel = (month: string, long = false) => formatMonth(month, { long })

export const datesLabel = (start: string, end: string | null) => (end ? `${dayLabel(start)} – ${dayLabel(end)}` : `From ${dayLabel(start)}, monthly`)
