// Moving out of a monthly rental: the days a renter may pick (the close of a paid period, since rent is paid
// by the month), and the host's "space is clear" after the move-out (48 h, silence counts as clear, worked
// out on read). Pure functions over the booking's columns.
import { MOVE_OUT_PERIODS_AHEAD, SPACE_CLEAR_HOURS, type Renewal } from '@contract/renewals'
import type { BookingRow } from '../../../db/schema/bookings'
import { addDays, dayNumber, dayOf, startOf } from './calendar'
import { paidThroughAfterNextPayment } from './pricing'

const HOUR = 3_600_000
/** A week after the host's deadline the clearing is old news: the card stops saying it. */
const SHOWN_AFTER_DEADLINE_MS = 7 * 24 * HOUR

/** The first day a renter may move out on: the listing's minimum stay counts from the start day. */
export const earliestMoveOut = (startDate: string, minimumDays: number) => addDays(startDate, Math.max(1, minimumDays) - 1)

/** The close of the first paid period (counted from the start) that ends on or after `day`. */
export function periodEndOnOrAfter(stay: { startDate: string; endDate?: string | null; paidThrough: string | null }, day: string): string {
  const b = { ...stay, endDate: stay.endDate ?? null }
  let end = b.paidThrough ?? paidThroughAfterNextPayment(b, null)
  // paidThroughAfterNextPayment jumps straight to the month: a few turns at most, capped all the same.
  for (let turns = 0; dayNumber(end) < dayNumber(day) && turns < 1000; turns++) end = paidThroughAfterNextPayment(b, end)
  return end
}

/**
 * The days an open-ended rental may end on at the renter's notice: the last day of the period paid now,
 * then of each following one (12 ahead). A period already over (a renewal late) is not offered, nor one
 * that ends before the listing's minimum stay is done.
 */
export function moveOutDates(b: Pick<BookingRow, 'state' | 'startDate' | 'endDate' | 'paidThrough'>, now: Date, minimumDays = 1): string[] {
  if (b.state !== 'active' || b.endDate) return []
  const today = dayOf(now)
  const earliest = earliestMoveOut(b.startDate, minimumDays)
  let end = periodEndOnOrAfter(b, dayNumber(earliest) > dayNumber(today) ? earliest : today)
  const dates: string[] = []
  for (let i = 0; i < MOVE_OUT_PERIODS_AHEAD; i++, end = paidThroughAfterNextPayment(b, end)) dates.push(end)
  return dates
}

/**
 * The space's clearing after a started rental's last day: the host may confirm from that day until 48 h
 * after it ends; then silence counts as clear.
 */
export function spaceClear(b: Pick<BookingRow, 'state' | 'endDate' | 'spaceClearedAt' | 'noticeBy'>, now: Date): Renewal['spaceClear'] {
  if (!b.endDate || !(b.state === 'completed' || (b.state === 'active' && b.noticeBy))) return null
  const from = startOf(b.endDate)
  const deadline = new Date(startOf(addDays(b.endDate, 1)).getTime() + SPACE_CLEAR_HOURS * HOUR)
  if (now.getTime() > deadline.getTime() + SHOWN_AFTER_DEADLINE_MS) return null
  const status = b.spaceClearedAt ? 'confirmed' : now >= deadline ? 'by-silence' : now >= from ? 'waiting' : 'not-yet'
  return { status, from: from.toISOString(), deadline: deadline.toISOString(), clearedAt: b.spaceClearedAt?.toISOString() ?? null }
}

/** Whether the host may say "space is clear" now. */
export const canConfirmClear = (b: Parameters<typeof spaceClear>[0], now: Date) => spaceClear(b, now)?.status === 'waiting'
