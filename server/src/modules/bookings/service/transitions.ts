// The booking lifecycle's rules over the shared table of transitions, and the money and time rules they
// depend on. Pure functions only: the routes ask `transition` whether an action is allowed; process.ts
// (moveBooking) applies it with a conditional UPDATE … WHERE state = <from>, so two racing actions cannot
// both succeed.
import {
  CONFIRMED_STATES,
  HOLDING_STATES,
  OPEN_STATES,
  transition,
  TRANSITIONS,
  type Actor,
  type BookingAction,
  type BookingState,
} from '@contract/booking-process'
import { refundCents } from '../../money/service/refunds'
import { addDays, dayNumber, dayOf, startOf } from './calendar'
import { earliestMoveOut, periodEndOnOrAfter } from './move-out'

// The calendar and the money rules live beside this file; callers keep importing them from here. The
// states, the table and the groups are the shared process (contract/booking-process.ts).
export * from './calendar'
export * from './pricing'
// Refund rules live in the money module (modules/money/service/refunds.ts).
export { FULL_REFUND_HOURS, refundCents } from '../../money/service/refunds'
export { CONFIRMED_STATES, HOLDING_STATES, OPEN_STATES, transition, TRANSITIONS, type Actor, type BookingAction }

/** What this side may do now (for the screens; the server checks again with `transition`). */
export function allowedActions(state: BookingState, by: 'renter' | 'host', opts: { endDate?: string | null } = {}): BookingAction[] {
  return TRANSITIONS.filter((t) => t.from === state && t.by === by)
    .map((t) => t.action)
    .filter((a) => !(a === 'end' && (opts.endDate || state === 'confirmed')))
}

export function refusal(from: BookingState, action: BookingAction): string {
  return `A ${from} booking cannot be ${PAST[action]}.`
}
const PAST: Record<BookingAction, string> = {
  accept: 'accepted',
  decline: 'declined',
  counter: 'countered',
  cancel: 'cancelled',
  end: 'ended',
  pay: 'paid',
  start: 'started',
  complete: 'completed',
  expire: 'expired',
}

// Time ---------------------------------------------------------------------------------------------

export const ANSWER_HOURS = 48
export const HOST_NOTICE_DAYS = 30
const HOUR = 3_600_000

export const expiresAtFrom = (now: Date) => new Date(now.getTime() + ANSWER_HOURS * HOUR)
export const isExpired = (expiresAt: Date, now: Date) => now.getTime() >= expiresAt.getTime()

/** A time-driven step due now: an unanswered request expires, a paid booking starts, an ended one completes. */
export function dueTransition(b: { state: BookingState; expiresAt: Date; startDate: string; endDate: string | null }, now: Date): BookingAction | null {
  if ((OPEN_STATES.includes(b.state) || b.state === 'accepted') && isExpired(b.expiresAt, now)) return 'expire'
  if (b.state === 'confirmed' && now.getTime() >= startOf(b.startDate).getTime()) return 'start'
  if (b.state === 'active' && b.endDate && now.getTime() >= startOf(addDays(b.endDate, 1)).getTime()) return 'complete'
  return null
}

/**
 * Whether a booking holds the space now, time included: an accepted one until its pay window closes, a
 * paid or running one until the day after its last day (whether or not a read has settled it yet).
 */
export function holdsSpace(b: { state: BookingState; expiresAt: Date; endDate: string | null }, now: Date): boolean {
  if (!HOLDING_STATES.includes(b.state)) return false
  if (b.state === 'accepted' && isExpired(b.expiresAt, now)) return false
  return !(b.endDate && now.getTime() >= startOf(addDays(b.endDate, 1)).getTime())
}

/** Two stays overlap (a null end is open-ended). */
export function overlaps(a: { startDate: string; endDate: string | null }, b: { startDate: string; endDate: string | null }) {
  return (!a.endDate || b.startDate <= a.endDate) && (!b.endDate || a.startDate <= b.endDate)
}

// Money (integer cents) -----------------------------------------------------------------------------

/**
 * The last day of a running rental that is being ended now: the host gives 30 days' notice; the renter's
 * ends with the paid period, but never before the listing's minimum stay is done (then at the close of the
 * period in which it is).
 */
export function endDateFor(
  b: { startDate: string; endDate?: string | null; paidThrough: string | null },
  by: 'renter' | 'host',
  now: Date,
  minimumDays = 1,
): string {
  const today = dayOf(now)
  if (by === 'host') return addDays(today, HOST_NOTICE_DAYS)
  const end = b.paidThrough && dayNumber(b.paidThrough) >= dayNumber(today) ? b.paidThrough : today
  const earliest = earliestMoveOut(b.startDate, minimumDays)
  return dayNumber(end) < dayNumber(earliest) ? periodEndOnOrAfter(b, earliest) : end
}

/**
 * What the step would do if taken now, for the screens' confirmation (the server applies the same rules
 * when it is taken): cancelling refunds `refundCents`, or, within 24 h of the start, ends the stay on
 * `endsOn`; ending a running rental makes `endsOn` its last day.
 */
export function stepTerms(
  b: { state: BookingState; startDate: string; endDate: string | null; paidThrough: string | null; paidCents: number; refundedCents: number },
  by: 'renter' | 'host',
  now: Date,
  minimumDays = 1,
): { cancel: { refundCents: number; endsOn: string | null } | null; end: { endsOn: string } | null } {
  const lastDay = (d: string) => (b.endDate && b.endDate < d ? b.endDate : d)
  const can = (action: BookingAction) => transition(b.state, action, by) !== null
  const refund = refundCents(b, by, now)
  const endsInstead = b.state === 'confirmed' && by === 'renter' && refund === 0
  return {
    cancel: can('cancel') ? { refundCents: refund, endsOn: endsInstead ? lastDay(endDateFor(b, by, now, minimumDays)) : null } : null,
    end: can('end') && b.state === 'active' && !b.endDate ? { endsOn: endDateFor(b, by, now, minimumDays) } : null,
  }
}
