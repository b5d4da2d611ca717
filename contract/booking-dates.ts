// Calendar days (YYYY-MM-DD, UTC) and the bounds on the days a renter may ask for: the booking form and
// the API's zod schemas apply the same rule. Plain functions, no zod, so the listing page can use them.
// Days are compared as numbers of days, never as strings: past year 9999 an ISO string reads "+010000-…",
// which sorts before every other day.

const DAY_MS = 86_400_000

/** How far ahead a stay may start, and how long it may last (a longer one is a new booking later). */
export const MAX_START_MONTHS_AHEAD = 18
export const MAX_STAY_MONTHS = 60

export const BOOKING_DATE_ERRORS = {
  startPast: 'The start date cannot be in the past.',
  startTooFar: `The start date can be at most ${MAX_START_MONTHS_AHEAD} months from today.`,
  endBeforeStart: 'The end date cannot be before the start date.',
  stayTooLong: `A stay can last at most ${MAX_STAY_MONTHS / 12} years; book again for longer.`,
} as const

/** A date (YYYY-MM-DD) as the instant it begins, in UTC. */
export const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`)
/** The UTC day of an instant (past year 9999 written as ISO does: "+010000-01-15", still a day dayNumber reads). */
export const dayOf = (d: Date) => d.toISOString().split('T')[0]!
/** The day as a number of days since 1970-01-01: what days are compared by. */
export const dayNumber = (day: string) => Math.floor(startOf(day).getTime() / DAY_MS)
export const addDays = (day: string, n: number) => dayOf(new Date(startOf(day).getTime() + n * DAY_MS))

/** Whether the text is a real calendar day written YYYY-MM-DD (no Feb 30, month 13 or day 00). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const d = startOf(s)
  return !Number.isNaN(d.getTime()) && dayOf(d) === s
}

/** The same day of the month n months later (clamped to the month's last day: Jan 31 + 1 month is Feb 28). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(y, m - 1 + n, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return dayOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))))
}

/** The last day a stay may start on, asked today. */
export const latestStartDate = (today: string) => addMonths(today, MAX_START_MONTHS_AHEAD)
/** The last day a stay starting on `startDate` may end on. */
export const latestEndDate = (startDate: string) => addDays(addMonths(startDate, MAX_STAY_MONTHS), -1)

/**
 * What is wrong with the days asked for, if anything: the field and the message the form shows and the
 * API answers with (400). Both days must already be calendar days.
 */
export function stayDatesProblem(
  stay: { startDate: string; endDate?: string | null },
  today: string,
): { field: 'startDate' | 'endDate'; message: string } | null {
  const start = dayNumber(stay.startDate)
  if (start < dayNumber(today)) return { field: 'startDate', message: BOOKING_DATE_ERRORS.startPast }
  if (start > dayNumber(latestStartDate(today))) return { field: 'startDate', message: BOOKING_DATE_ERRORS.startTooFar }
  if (!stay.endDate) return null
  const end = dayNumber(stay.endDate)
  if (end < start) return { field: 'endDate', message: BOOKING_DATE_ERRORS.endBeforeStart }
  if (end > dayNumber(latestEndDate(stay.startDate))) return { field: 'endDate', message: BOOKING_DATE_ERRORS.stayTooLong }
  return null
}
