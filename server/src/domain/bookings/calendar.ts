// Calendar days as the booking rules count them: YYYY-MM-DD strings in UTC, so no time zone shifts a day.
const DAY = 86_400_000

/** A date (YYYY-MM-DD) as the instant it begins, in UTC. */
export const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`)
export const dayOf = (d: Date) => d.toISOString().slice(0, 10)
export const addDays = (day: string, n: number) => dayOf(new Date(startOf(day).getTime() + n * DAY))
/** Days from start to end, both included: Nov 27–28 is 2 days. */
export const stayDays = (start: string, end: string) => Math.round((startOf(end).getTime() - startOf(start).getTime()) / DAY) + 1

/** The same day of the month n months later (clamped to the month's last day: Jan 31 + 1 month is Feb 28). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(y, m - 1 + n, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return dayOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))))
}

/** The last day paid for after `periods` monthly payments from the start. */
export const paidThroughAfter = (start: string, periods: number) => addDays(addMonths(start, periods), -1)

/** A time n months later on the same day of the month, clamped to the month's end (as Stripe bills: a timestamp in seconds, UTC). */
export function addMonthsUnix(seconds: number, n: number): number {
  const d = new Date(seconds * 1000)
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)
  const f = new Date(first)
  const last = new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth() + 1, 0)).getUTCDate()
  const at = Date.UTC(f.getUTCFullYear(), f.getUTCMonth(), Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds())
  return Math.floor(at / 1000)
}
