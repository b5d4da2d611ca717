// How the dashboards write days and months (UTC days, as the server sends them); money: @contract/money.
import { formatDay, formatMonth } from '@contract/format-date'

export const dayLabel = formatDay

/** 'YYYY-MM' → "Jan" (short) or "January 2026" (long). */
export const monthLabel = (month: string, long = false) => formatMonth(month, { long })

export const datesLabel = (start: string, end: string | null) => (end ? `${dayLabel(start)} – ${dayLabel(end)}` : `From ${dayLabel(start)}, monthly`)
