// How the dashboards write money, days and months (UTC days, as the server sends them).

/** Decimals of a currency's amounts (2 for CAD, 0 for JPY: the server's "cents" are then whole yen). */
const digitsOf = (currency: string) => new Intl.NumberFormat('en-CA', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2

export const money = (cents: number, currency: string) => {
  const unit = 10 ** digitsOf(currency)
  return new Intl.NumberFormat('en-CA', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: cents % unit ? undefined : 0,
    maximumFractionDigits: cents % unit ? undefined : 0,
  }).format(cents / unit)
}

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
