// A booking comes into being only through openBooking, in the first state the process gives its opening
// (a request or an offer). Every change of a booking's state goes through moveBooking: the step must be in the process's table
// (contract/booking-process.ts) for this actor, and it is written with a conditional UPDATE … WHERE
// state = <from>, so of two racing steps only one moves the row. The routes, Stripe's webhook and the
// reads that apply what time made due (settle) all call it; nothing else writes bookings.state.
import type { Db } from '../../../db/client'
import { OPENINGS, type Opening } from '@contract/booking-process'
import { findBookingView, guardedMove, insertBooking, type BookingFields, type BookingView } from '../queries/bookings'
import { reopenInviteOf } from '../queries/invites'
import { lockStorageCapacity } from '../../listings/service/storage-reads'
import type { BookingRow, NewBookingRow } from '../../../db/schema/bookings'
import { matchFreedListing } from '../../listings/service/saved-search-alerts'
import { assertDatesFree } from './availability'
import { datesFree } from './free-dates'
import { dueTransition, HOLDING_STATES, transition, type Actor, type BookingAction } from './transitions'

/** Opens a booking by the renter's request or offer: the row is written in the state the process gives it. */
export async function openBooking(db: Db, opening: Opening, values: Omit<NewBookingRow, 'id' | 'state'>): Promise<BookingRow> {
  return insertBooking(db, { ...values, state: OPENINGS[opening] })
}

/**
 * Takes `action` by `by` on the booking as it was read, writing `set` with it. The row after the move, or
 * undefined when it did not move: the table refuses the step from this state (nothing is written), or the
 * booking changed meanwhile (another step won the race). A step that keeps the state (ending a rental sets
 * its last day) is also conditional on the end date as read, so of two racing ends only one is written.
 * `now`: when a space the move lets go counts as free for saved searches' alerts (tests pass their clock).
 */
export async function moveBooking(
  db: Db,
  b: BookingRow,
  action: BookingAction,
  by: Actor,
  set: BookingFields = {},
  now = new Date(),
): Promise<BookingRow | undefined> {
  const to = transition(b.state, action, by)
  if (!to) return undefined
  const row = await guardedMove(db, b.id, b.state, to, set, to === b.state ? { endDate: b.endDate } : {})
  // The booking let the space go (ended, cancelled, declined, expired): saved searches may hear it is free.
  // In a transaction (a savepoint inside the caller's): a failed match never undoes or fails the move.
  if (row && HOLDING_STATES.includes(b.state) && !HOLDING_STATES.includes(to))
    await db.transaction((tx) => matchFreedListing(tx as Db, b.storageId, now)).catch(() => [])
  // A booking taken from an invite and let go before payment: the invite is open again (or expired).
  if (row && b.state === 'accepted' && !HOLDING_STATES.includes(to)) await reopenInviteOf(db, b.id, now)
  return row
}

/**
 * Puts a booking back where it was before a move whose outside effect failed (Stripe refused the refund),
 * restoring `restore` with it, only if it is still as the move left it. Not a step of the process: the move
 * is taken back, as if it had never been made.
 */
export async function undoMove(db: Db, before: BookingRow, after: BookingRow, restore: BookingFields): Promise<BookingRow | undefined> {
  return guardedMove(db, after.id, after.state, before.state, restore, { endDate: after.endDate })
}

/**
 * Accepting holds the space: in one transaction the listing row is locked (so two accepts of overlapping
 * requests queue up there), the stay must be free (availability.ts assertDatesFree: no blocked day, a
 * place left on every day; a 409 naming the days otherwise), and the move is conditional.
 */
export async function acceptBooking(db: Db, b: BookingRow, by: 'renter' | 'host', set: BookingFields): Promise<BookingRow | undefined> {
  return db.transaction(async (tx) => {
    await assertDatesFree(tx, b.storageId, b, { exceptId: b.id })
    return moveBooking(tx, b, 'accept', by, set)
  })
}

/**
 * Instant Book opens a booking already holding the space, so its rules are checked where an accept checks
 * the dates: in one transaction with the listing row locked. `reasonsNow` reads the listing and the renter
 * again and checks the dates (datesFree) under the lock; two renters racing for the same dates queue up
 * here, and the second gets the reason instead of a second booking.
 */
export async function openInstantBooking(
  db: Db,
  values: Omit<NewBookingRow, 'id' | 'state' | 'instant'>,
  reasonsNow: (tx: Db) => Promise<string[]>,
): Promise<{ row?: BookingRow; reasons?: string[] }> {
  return db.transaction(async (tx) => {
    await lockStorageCapacity(tx, values.storageId)
    const reasons = await reasonsNow(tx)
    if (reasons.length) return { reasons }
    return { row: await openBooking(tx, 'instant', { ...values, instant: true }) }
  })
}

/**
 * Books a host's invite: in one transaction the listing is locked, `claim` takes the invite (its guarded
 * pending → accepted, so of two racing clicks one gets it), the dates must be free, and the booking opens
 * accepted. A refusal rolls the claim back: the invite stays open.
 */
export async function openInviteBooking<C>(
  db: Db,
  storageId: string,
  claim: (tx: Db) => Promise<C | undefined>,
  values: (claimed: C) => Omit<NewBookingRow, 'id' | 'state'>,
  link: (tx: Db, claimed: C, booking: BookingRow) => Promise<void>,
): Promise<{ row?: BookingRow; lost?: boolean; overlap?: boolean }> {
  class Refused extends Error {}
  try {
    return await db.transaction(async (tx) => {
      await lockStorageCapacity(tx, storageId)
      const claimed = await claim(tx)
      if (claimed === undefined) return { lost: true }
      const v = values(claimed)
      if (!(await datesFree(tx, storageId, { startDate: v.startDate, endDate: v.endDate ?? null }))) throw new Refused()
      const row = await openBooking(tx, 'invite', v)
      await link(tx, claimed, row)
      return { row }
    })
  } catch (err) {
    if (err instanceof Refused) return { overlap: true }
    throw err
  }
}

/**
 * Applies what time has made due (the 48 h expiry, the start, the end) before anyone reads the booking.
 * `expired` is true only for the call that moved it to expired, so only that read tells the pair.
 */
export async function settle(db: Db, v: BookingView, now = new Date()): Promise<{ view: BookingView; expired: boolean }> {
  let view = v
  // A paid booking can go from confirmed to completed in one read (a short stay read after its end).
  for (let action = dueTransition(view.booking, now); action; action = dueTransition(view.booking, now)) {
    const row = await moveBooking(db, view.booking, action, 'system', {}, now)
    // A racing read moved it first: read where it is now.
    if (!row) return { view: (await findBookingView(db, v.booking.id)) ?? view, expired: false }
    view = { ...view, booking: row }
    if (action === 'expire') return { view, expired: true }
  }
  return { view, expired: false }
}
