// The booking lifecycle as one table of transitions, and the money and time rules they depend on. Pure
// functions only: the routes ask `transition` whether an action is allowed; the database applies it with
// a conditional UPDATE … WHERE state = <from>, so two racing actions cannot both succeed.
import type { BookingState } from '../../db/schema/bookings'
import { addDays, dayOf, startOf } from './calendar'

// The calendar and the money rules live beside this file; callers keep importing them from here.
export * from './calendar'
export * from './pricing'

export type Actor = 'renter' | 'host' | 'system' | 'stripe'
export type BookingAction = 'accept' | 'decline' | 'counter' | 'cancel' | 'end' | 'pay' | 'start' | 'complete' | 'expire'

interface Transition {
  from: BookingState
  action: BookingAction
  by: Actor
  to: BookingState
}

const T = (from: BookingState, action: BookingAction, by: Actor, to: BookingState): Transition => ({ from, action, by, to })

export const TRANSITIONS: readonly Transition[] = [
  // A request at the listing's price: the host answers within 48 h, or it expires; the renter may withdraw.
  T('requested', 'accept', 'host', 'accepted'),
  T('requested', 'decline', 'host', 'declined'),
  T('requested', 'expire', 'system', 'expired'),
  T('requested', 'cancel', 'renter', 'cancelled'),
  // An offer (a lower monthly price): the host accepts, declines, or counters once.
  T('offered', 'accept', 'host', 'accepted'),
  T('offered', 'decline', 'host', 'declined'),
  T('offered', 'counter', 'host', 'countered'),
  T('offered', 'expire', 'system', 'expired'),
  T('offered', 'cancel', 'renter', 'cancelled'),
  // The host's counter: now the renter answers (there is no second counter).
  T('countered', 'accept', 'renter', 'accepted'),
  T('countered', 'decline', 'renter', 'declined'),
  T('countered', 'expire', 'system', 'expired'),
  // Accepted, waiting for payment: only Stripe's verified webhook confirms; unpaid for 48 h, it expires.
  T('accepted', 'pay', 'stripe', 'confirmed'),
  T('accepted', 'expire', 'system', 'expired'),
  T('accepted', 'cancel', 'renter', 'cancelled'),
  T('accepted', 'cancel', 'host', 'cancelled'),
  // Paid, not started: either side may cancel (refund rules in refundCents).
  T('confirmed', 'start', 'system', 'active'),
  T('confirmed', 'cancel', 'renter', 'cancelled'),
  T('confirmed', 'cancel', 'host', 'cancelled'),
  // The renter cancelling within 24 h of the start: no refund, the paid period runs out (see refundCents).
  T('confirmed', 'end', 'renter', 'confirmed'),
  // Running: ending sets the last day (renter: the close of the paid period; host: 30 days' notice).
  T('active', 'end', 'renter', 'active'),
  T('active', 'end', 'host', 'active'),
  T('active', 'complete', 'system', 'completed'),
]

export const OPEN_STATES: readonly BookingState[] = ['requested', 'offered', 'countered']
/** States that hold the space: a second overlapping booking may not reach them. */
export const HOLDING_STATES: readonly BookingState[] = ['accepted', 'confirmed', 'active']
/** States in which the host has answered yes (or the renter has, to a counter): the pair may see each other's email. */
export const CONTACT_SHARING_STATES: readonly BookingState[] = ['countered', 'accepted', 'confirmed', 'active', 'completed']
/** States in which the renter may see the exact address and access instructions. */
export const CONFIRMED_STATES: readonly BookingState[] = ['confirmed', 'active']

/** The state an action leads to, or null when the current state does not allow it for this actor. */
export function transition(from: BookingState, action: BookingAction, by: Actor): BookingState | null {
  return TRANSITIONS.find((t) => t.from === from && t.action === action && t.by === by)?.to ?? null
}

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
export const FULL_REFUND_HOURS = 24
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
 * Cancelling a paid booking before it starts: more than 24 h before the start, or by the host, everything
 * paid comes back; later, nothing (a monthly stay then ends at the close of the paid period).
 */
export function refundCents(b: { state: BookingState; startDate: string; paidCents: number; refundedCents: number }, by: 'renter' | 'host', now: Date): number {
  if (b.state !== 'confirmed') return 0
  const left = b.paidCents - b.refundedCents
  if (by === 'host') return left
  return startOf(b.startDate).getTime() - now.getTime() > FULL_REFUND_HOURS * HOUR ? left : 0
}

/** The last day of a running rental that is being ended now. */
export function endDateFor(b: { startDate: string; paidThrough: string | null }, by: 'renter' | 'host', now: Date): string {
  const today = dayOf(now)
  if (by === 'host') return addDays(today, HOST_NOTICE_DAYS)
  return b.paidThrough && b.paidThrough >= today ? b.paidThrough : today
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
): { cancel: { refundCents: number; endsOn: string | null } | null; end: { endsOn: string } | null } {
  const lastDay = (d: string) => (b.endDate && b.endDate < d ? b.endDate : d)
  const can = (action: BookingAction) => transition(b.state, action, by) !== null
  const refund = refundCents(b, by, now)
  const endsInstead = b.state === 'confirmed' && by === 'renter' && refund === 0
  return {
    cancel: can('cancel') ? { refundCents: refund, endsOn: endsInstead ? lastDay(endDateFor(b, by, now)) : null } : null,
    end: can('end') && b.state === 'active' && !b.endDate ? { endsOn: endDateFor(b, by, now) } : null,
  }
}
