// How the dashboards write money, days and months (UTC days, as the server sends them).
export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', maximumFractionDigits: cents % 100 ? 2 : 0 }).format(
    cents / 100,
  )

export const dayLabel = (day: string, opts: { year?: boolean } = {}) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-CA', {
    month: 'short',
    day: 'numeric',
    year: opts.year === false ? undefined : 'numeric',
    timeZone: 'UTC',
  })

/** 'YYYY-MM' → "Jan" (short) or "January 2026" (long). */
export const monthLabel = (month: string, long = false) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString(
    'en-CA',
    long ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { month: 'short', timeZone: 'UTC' },
  )

export const datesLabel = (start: string, end: string | null) => (end ? `${dayLabel(start)} – ${dayLabel(end)}` : `From ${dayLabel(start)}, monthly`)
