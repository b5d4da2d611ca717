// Reads and writes of bookings. Every state change is a conditional UPDATE … WHERE state = <from>
// (guardedMove, called by modules/bookings/service/process.ts): of two racing actions only one finds the row still in
// the state it read, the other gets nothing back (409).
import { aliasedTable, and, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { bookings, type BookingRow, type BookingState, type NewBookingRow } from '../../../db/schema/bookings'
import { storages } from '../../../db/schema/storages'
import { stripeEvents } from '../../../db/schema/stripe-events'
import { users } from '../../../db/schema/users'

export type Party = { id: string; firstName: string; lastName: string; email: string }
export type BookingView = { booking: BookingRow; storage: { id: string; title: string; city: string; minimumDays: number }; renter: Party; host: Party }

export const renters = aliasedTable(users, 'renter')
export const hosts = aliasedTable(users, 'host')

/** A booking with its listing and both parties: the joined select every booking list starts from. */
export const selectBookingViews = (db: Db) =>
  db
    .select({
      booking: bookings,
      storage: { id: storages.id, title: storages.title, city: storages.city, minimumDays: storages.minimumDays },
      renter: { id: renters.id, firstName: renters.firstName, lastName: renters.lastName, email: renters.email },
      host: { id: hosts.id, firstName: hosts.firstName, lastName: hosts.lastName, email: hosts.email },
    })
    .from(bookings)
    .innerJoin(storages, eq(storages.id, bookings.storageId))
    .innerJoin(renters, eq(renters.id, bookings.renterId))
    .innerJoin(hosts, eq(hosts.id, bookings.hostId))
    .$dynamic()

async function views(db: Db, where: SQL | undefined, limit = 200): Promise<BookingView[]> {
  return selectBookingViews(db).where(where).orderBy(desc(bookings.createdAt)).limit(limit)
}

export const findBookingView = async (db: Db, id: string) => (await views(db, eq(bookings.id, id), 1))[0]
export const findBookingBySession = async (db: Db, sessionId: string) => (await views(db, eq(bookings.checkoutSessionId, sessionId), 1))[0]
export const findBookingBySubscription = async (db: Db, subscriptionId: string) => (await views(db, eq(bookings.subscriptionId, subscriptionId), 1))[0]

export const listBookingsOf = (db: Db, userId: string, opts: { offersOnly?: boolean } = {}) =>
  views(db, and(or(eq(bookings.renterId, userId), eq(bookings.hostId, userId)), opts.offersOnly ? isNotNull(bookings.offerCents) : undefined))

export async function insertBooking(db: Db, values: NewBookingRow): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning()
  return row!
}

/** Every column of a booking but its id and state: what a step or a plain update may also write. */
export type BookingFields = Omit<Partial<NewBookingRow>, 'id' | 'state'>

/**
 * Writes a state change: from `from` to `to` (with `set`), only if the booking is still in `from` (and,
 * when `expect.endDate` is given, still has that end date); undefined if not. Only
 * modules/bookings/service/process.ts calls this, after checking the step is in the process.
 */
export async function guardedMove(
  db: Db,
  id: string,
  from: BookingState,
  to: BookingState,
  set: BookingFields = {},
  expect: { endDate?: string | null } = {},
): Promise<BookingRow | undefined> {
  const endDate = expect.endDate === undefined ? undefined : expect.endDate === null ? isNull(bookings.endDate) : eq(bookings.endDate, expect.endDate)
  const [row] = await db
    .update(bookings)
    .set({ ...set, state: to, updatedAt: new Date() })
    .where(and(eq(bookings.id, id), eq(bookings.state, from), endDate))
    .returning()
  return row
}

/** A listing's bookings in these states (of one renter, or but one booking), with what says whether they hold it now. */
export async function bookingsOnStorage(db: Db, storageId: string, opts: { states: readonly BookingState[]; renterId?: string; exceptId?: string }) {
  return db
    .select({ state: bookings.state, expiresAt: bookings.expiresAt, startDate: bookings.startDate, endDate: bookings.endDate })
    .from(bookings)
    .where(
      and(
        eq(bookings.storageId, storageId),
        inArray(bookings.state, [...opts.states]),
        opts.renterId ? eq(bookings.renterId, opts.renterId) : undefined,
        opts.exceptId ? ne(bookings.id, opts.exceptId) : undefined,
      ),
    )
}

/** Writes fields other than the state (a checkout session, a renewal, a refund): a state change is a step. */
export async function updateBooking(db: Db, id: string, set: BookingFields): Promise<BookingRow | undefined> {
  const [row] = await db
    .update(bookings)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(bookings.id, id))
    .returning()
  return row
}

/**
 * Runs `fn` once per Stripe event: the event id is recorded in the same transaction as the change, so a
 * replay or Stripe's retry finds it and changes nothing ('duplicate'); a failed change records nothing.
 */
export async function oncePerStripeEvent<T>(db: Db, event: { id: string; type: string }, fn: (tx: Db) => Promise<T>): Promise<T | 'duplicate'> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id })
    if (inserted.length === 0) return 'duplicate' as const
    return fn(tx)
  })
}

export async function lockBooking(db: Db, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update')
  return row
}

export async function lockBookingBy(db: Db, column: 'subscriptionId' | 'paymentIntentId', value: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings[column], value)).for('update').limit(1)
  return row
}
