// Calendar days as the booking rules count them: YYYY-MM-DD strings in UTC, so no time zone shifts a day.
// The days themselves (and comparing them as days, not strings) are the contract's: contract/booking-dates.ts.
import { addDays, addMonths, dayNumber, dayOf, startOf } from '@contract/booking-dates'

export { addDays, addMonths, dayNumber, dayOf, startOf }

/** Days from start to end, both included: Nov 27–28 is 2 days. */
export const stayDays = (start: string, end: string) => dayNumber(end) - dayNumber(start) + 1

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
