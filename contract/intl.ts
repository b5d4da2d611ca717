// Intl formatters, made once for each locale and set of options. `toLocaleDateString(locale, options)`
// and `new Intl.NumberFormat(…)` build a new formatter (and look up the locale's data) on every call:
// tens of microseconds each on a laptop, several times that on a phone, and a dashboard or a booking
// list writes dozens of dates and amounts in one render (Lighthouse's blocking time on the signed-in
// pages). Same output: a formatter made with the same locale and options formats the same way.

const dates = new Map<string, Intl.DateTimeFormat>()
const numbers = new Map<string, Intl.NumberFormat>()

/** The formatter `new Intl.DateTimeFormat(locale, options)`, made once. `locale` undefined: the browser's. */
export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale ?? null, options])
  let format = dates.get(key)
  if (!format) dates.set(key, (format = new Intl.DateTimeFormat(locale, options)))
  return format
}

/** The formatter `new Intl.NumberFormat(locale, options)`, made once. `locale` undefined: the browser's. */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify([locale ?? null, options])
  let format = numbers.get(key)
  if (!format) numbers.set(key, (format = new Intl.NumberFormat(locale, options)))
  return format
}
