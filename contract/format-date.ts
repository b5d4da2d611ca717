// Calendar days as the pages write them ("Mar 5, 2026", "March 2026"), in UTC, without Intl. The first
// date format a page makes loads the locale's data: about 10 ms on a laptop and several times that on a
// phone, in the middle of a dashboard's first render (Lighthouse's blocking time on the signed-in pages).
// The output is what Intl gives for en-CA in UTC (tests compare them), in every browser alike.

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

/** A day ('2026-03-05') or an instant ('2026-03-05T10:00:00Z'), as its UTC calendar day. */
const utcDay = (when: string) => new Date(when.length === 10 ? `${when}T12:00:00Z` : when)

/** '2026-03-05' (or an instant, read in UTC) → "Mar 5, 2026", or "Mar 5" with `year: false`. */
export function formatDay(when: string, { year = true }: { year?: boolean } = {}): string {
  const d = utcDay(when)
  const day = `${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`
  return year ? `${day}, ${d.getUTCFullYear()}` : day
}

/** '2026-03-05' → "Thu, Mar 5": a calendar's day, as its buttons read it out. */
export function formatWeekdayDay(day: string): string {
  const d = utcDay(day)
  return `${SHORT_WEEKDAYS[d.getUTCDay()]}, ${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`
}

/** An instant ('2024-03-05T10:00:00Z') → "March 2024", its UTC month: since when, or when written. */
export const formatMonthOf = (instant: string) => formatMonth(new Date(instant).toISOString().slice(0, 7), { long: true })

/** '2026-03' → "Mar", or "March 2026" with `long`. */
export function formatMonth(month: string, { long = false }: { long?: boolean } = {}): string {
  const d = utcDay(`${month}-15`)
  return long ? `${LONG_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : SHORT_MONTHS[d.getUTCMonth()]!
}
