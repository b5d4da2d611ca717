// The booking process, the one list both tiers read: its states, the transitions between them (who takes
// each and why) and the groups the screens show. Plain data and pure functions, no zod and no server
// import, so the database schema, the zod schemas, the server's domain and the startup bundle share it.
// The server applies a transition only through modules/bookings/service/process.ts (moveBooking).

import { BOOKING_STATES, type BookingState } from './booking-states'

export { BOOKING_STATES, type BookingState }

export const BOOKING_ACTIONS = ['accept', 'decline', 'counter', 'cancel', 'end', 'pay', 'start', 'complete', 'expire'] as const
export type BookingAction = (typeof BOOKING_ACTIONS)[number]

/** Who takes a step: one of the pair, the clock (applied on the next read), Stripe's verified webhook, or an admin. */
export const ACTORS = ['renter', 'host', 'system', 'stripe', 'admin'] as const
export type Actor = (typeof ACTORS)[number]

export interface Transition {
  from: BookingState
  action: BookingAction
  by: Actor
  to: BookingState
}

const T = (from: BookingState, action: BookingAction, by: Actor, to: BookingState): Transition => ({ from, action, by, to })

export const TRANSITIONS: readonly Transition[] = [
  // A request at the listing's price.
  T('requested', 'accept', 'host', 'accepted'), // the host says yes: the space is held while the renter pays
  T('requested', 'decline', 'host', 'declined'), // the host says no
  T('requested', 'expire', 'system', 'expired'), // nobody answered within 48 h
  T('requested', 'cancel', 'renter', 'cancelled'), // the renter withdraws before an answer
  // An offer: a lower monthly price than the listing's.
  T('offered', 'accept', 'host', 'accepted'), // the host takes the offered price
  T('offered', 'decline', 'host', 'declined'), // the host refuses the price
  T('offered', 'counter', 'host', 'countered'), // the host names a price between the offer and the listing's (once)
  T('offered', 'expire', 'system', 'expired'), // nobody answered within 48 h
  T('offered', 'cancel', 'renter', 'cancelled'), // the renter withdraws the offer
  // The host's counter: now the renter answers (there is no second counter).
  T('countered', 'accept', 'renter', 'accepted'), // the renter takes the counter price
  T('countered', 'decline', 'renter', 'declined'), // the renter refuses it
  T('countered', 'expire', 'system', 'expired'), // the renter did not answer within 48 h
  // Accepted, waiting for payment.
  T('accepted', 'pay', 'stripe', 'confirmed'), // only Stripe's verified webhook confirms, never the return URL
  T('accepted', 'expire', 'system', 'expired'), // unpaid for 48 h: the space is free again
  T('accepted', 'cancel', 'renter', 'cancelled'), // the renter changes their mind before paying
  T('accepted', 'cancel', 'host', 'cancelled'), // the host takes it back before payment
  // Paid, not started.
  T('confirmed', 'start', 'system', 'active'), // the start date has come
  T('confirmed', 'cancel', 'renter', 'cancelled'), // more than 24 h before the start: a full refund
  T('confirmed', 'cancel', 'host', 'cancelled'), // the host cancels: everything paid comes back
  T('confirmed', 'end', 'renter', 'confirmed'), // a renter's cancel within 24 h of the start: no refund, the paid period runs out
  // Running.
  T('active', 'end', 'renter', 'active'), // the renter sets the last day: the close of the paid period
  T('active', 'end', 'host', 'active'), // the host sets the last day: 30 days' notice
  T('active', 'end', 'stripe', 'active'), // Stripe's last retry of a renewal failed: the rental ends at the close of the paid period
  T('active', 'complete', 'system', 'completed'), // the day after the last day has come
  // An admin steps in (a dispute, a space that is not as listed, a party who broke the rules): the booking
  // ends at once, with a full or partial refund of what was paid, and the reason is audited.
  T('accepted', 'cancel', 'admin', 'cancelled'),
  T('confirmed', 'cancel', 'admin', 'cancelled'),
  T('active', 'cancel', 'admin', 'cancelled'),
]

/**
 * How a booking begins: the renter asks, at the listing's price or with a lower offer, books at once
 * (Instant Book), or takes the host's invite (contract/invite.ts), which the host agreed to when sending it.
 * The only way a booking row comes into being (modules/bookings/service/process.ts: openBooking); every later state
 * is a step of TRANSITIONS.
 */
export const OPENINGS = {
  request: 'requested', // at the listing's price: the host accepts or declines within 48 h
  offer: 'offered', // a lower monthly price: the host accepts, declines or counters within 48 h
  // Instant Book: the renter meets the listing's rules and the dates are free, so the listing's rules stand
  // for the host's yes. It opens holding the space, as an accepted request does (the server checks under the
  // listing's lock: openInstantBooking); Stripe's verified webhook confirms it ('accepted' → 'pay'), or it
  // expires unpaid after 48 h. No host step.
  instant: 'accepted',
  invite: 'accepted', // the renter books the host's invite at its price and dates: no host step, straight to payment
} as const satisfies Record<string, BookingState>
export type Opening = keyof typeof OPENINGS

/** The state an action leads to, or null when the current state does not allow it for this actor. */
export function transition(from: BookingState, action: BookingAction, by: Actor): BookingState | null {
  return TRANSITIONS.find((t) => t.from === from && t.action === action && t.by === by)?.to ?? null
}

/** The states from which this actor may take this action. */
export const statesAllowing = (action: BookingAction, by: Actor): BookingState[] => BOOKING_STATES.filter((s) => transition(s, action, by) !== null)

/**
 * The groups the screens show, in order; every state is in exactly one. /bookings titles each group; the
 * dashboards and a listing's page pick from them.
 */
export const BOOKING_GROUPS = {
  /** Asked, not yet answered: a request or offer (the host answers) or the host's counter (the renter answers). */
  waiting: ['requested', 'offered', 'countered'],
  /** Accepted, holding the space while the renter pays. */
  awaitingPayment: ['accepted'],
  /** Paid: upcoming or running. */
  paid: ['confirmed', 'active'],
  /** Over: nothing more can happen. */
  past: ['completed', 'cancelled', 'declined', 'expired'],
} as const satisfies Record<string, readonly BookingState[]>
export type BookingGroup = keyof typeof BOOKING_GROUPS
export const BOOKING_GROUP_ORDER: readonly BookingGroup[] = ['waiting', 'awaitingPayment', 'paid', 'past']

export const groupOf = (state: BookingState): BookingGroup => BOOKING_GROUP_ORDER.find((g) => (BOOKING_GROUPS[g] as readonly BookingState[]).includes(state))!

/** Unanswered: a request, an offer or a counter (each expires 48 h after it was made). */
export const OPEN_STATES: readonly BookingState[] = BOOKING_GROUPS.waiting
/** Requests and offers the host has to answer (the host dashboard's "requests"). */
export const WAITING_ON_HOST: readonly BookingState[] = statesAllowing('accept', 'host')
/** States that hold the space: a second overlapping booking may not reach them. */
export const HOLDING_STATES: readonly BookingState[] = [...BOOKING_GROUPS.awaitingPayment, ...BOOKING_GROUPS.paid]
/** States in which the renter may see the exact address and access instructions. */
export const CONFIRMED_STATES: readonly BookingState[] = BOOKING_GROUPS.paid
/** A renter's booking still under way, the furthest along first (a listing's page shows the first). */
export const CURRENT_STATES: readonly BookingState[] = [...BOOKING_GROUPS.waiting, ...BOOKING_GROUPS.awaitingPayment, ...BOOKING_GROUPS.paid].reverse()
/**
 * The one moment contact details open between a renter and a host: a booking between them confirmed and
 * paid (Stripe's verified webhook set confirmedAt), upcoming, running or completed. Asked, accepted or
 * countered (not paid yet), or cancelled since: closed. What the composer promises; the server decides
 * with it in one place (server/src/modules/bookings/service/contact-access.ts).
 */
export const CONTACT_OPEN_STATES: readonly BookingState[] = [...BOOKING_GROUPS.paid, 'completed']
export const opensContact = (b: { state: BookingState; confirmedAt: Date | string | null }): boolean =>
  b.confirmedAt != null && CONTACT_OPEN_STATES.includes(b.state)
