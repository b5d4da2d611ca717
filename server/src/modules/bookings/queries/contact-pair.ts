// The SQL of the one contact rule (contract/booking-process.ts: opensContact; decided by
// modules/bookings/service/contact-access.ts): a booking between the two, either way round, confirmed and paid and not
// cancelled since. One indexed probe; also a fragment, so the conversation list decides per row in its
// one query.
import { and, eq, inArray, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { CONTACT_OPEN_STATES } from '@contract/booking-process'
import type { Db } from '../../../db/client'
import { bookings } from '../../../db/schema/bookings'

const open = () => and(inArray(bookings.state, [...CONTACT_OPEN_STATES]), isNotNull(bookings.confirmedAt))

/** As a correlated condition: whether the pair (columns or values) has such a booking. */
export const contactOpenSql = (a: SQL | AnyColumn | unknown, b: SQL | AnyColumn | unknown) =>
  sql<boolean>`exists (select 1 from ${bookings} where ((${bookings.renterId} = ${a} and ${bookings.hostId} = ${b}) or (${bookings.renterId} = ${b} and ${bookings.hostId} = ${a})) and ${open()})`

export async function contactOpenBetween(db: Db, a: string, b: string): Promise<boolean> {
  const pair = or(and(eq(bookings.renterId, a), eq(bookings.hostId, b)), and(eq(bookings.renterId, b), eq(bookings.hostId, a)))
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(and(pair, open())).limit(1)
  return row !== undefined
}

/** Whether this renter has such a booking for this listing (its exact address and access). */
export async function contactOpenOnStorage(db: Db, storageId: string, renterId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.storageId, storageId), eq(bookings.renterId, renterId), open()))
    .limit(1)
  return row !== undefined
}
