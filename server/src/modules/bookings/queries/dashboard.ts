// The dashboards' reads: only the signed-in user's rows (a host's bookings and listings, a renter's
// bookings), each query filtered by that user's id.
import { aliasedTable, and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { bookings } from '../../../db/schema/bookings'
import { storages } from '../../../db/schema/storages'
import { users } from '../../../db/schema/users'

const others = aliasedTable(users, 'other')
const party = { id: others.id, firstName: others.firstName, lastName: others.lastName }

/** Every booking where the user is the host, with its listing and renter. */
export const hostBookings = (db: Db, hostId: string) =>
  db
    .select({ booking: bookings, storage: { id: storages.id, title: storages.title, city: storages.city }, renter: party })
    .from(bookings)
    .innerJoin(storages, eq(storages.id, bookings.storageId))
    .innerJoin(others, eq(others.id, bookings.renterId))
    .where(eq(bookings.hostId, hostId))
    // Bookings of one start date in the order they were made (a booking row moves in the heap at every step).
    .orderBy(asc(bookings.startDate), asc(bookings.createdAt), asc(bookings.id))

/** Every booking where the user is the renter, with the listing's address and access (shown once paid). */
export const renterBookings = (db: Db, renterId: string) =>
  db
    .select({
      booking: bookings,
      storage: {
        id: storages.id,
        title: storages.title,
        city: storages.city,
        street: storages.street,
        state: storages.state,
        postalCode: storages.postalCode,
        accessMethod: storages.accessMethod,
        accessHours: storages.accessHours,
        houseRules: storages.houseRules,
      },
      host: party,
    })
    .from(bookings)
    .innerJoin(storages, eq(storages.id, bookings.storageId))
    .innerJoin(others, eq(others.id, bookings.hostId))
    .where(eq(bookings.renterId, renterId))
    .orderBy(asc(bookings.startDate), asc(bookings.createdAt), asc(bookings.id))

/** The host's listings (not removed), newest first, with how many requests and offers each has had. */
export async function hostListings(db: Db, hostId: string) {
  const rows = await db
    .select({
      id: storages.id,
      title: storages.title,
      city: storages.city,
      status: storages.status,
      heldByAdmin: storages.heldByAdmin,
      holdReason: storages.holdReason,
      priceCents: storages.priceCents,
      currency: storages.currency,
    })
    .from(storages)
    .where(and(eq(storages.hostId, hostId), ne(storages.status, 'removed')))
    .orderBy(desc(storages.updatedAt))
  if (rows.length === 0) return []
  const counts = await db
    .select({
      storageId: bookings.storageId,
      requests: count(),
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.hostId, hostId),
        inArray(
          bookings.storageId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(bookings.storageId)
  const byId = new Map(counts.map((c) => [c.storageId, c]))
  return rows.map((r) => ({ ...r, requests: Number(byId.get(r.id)?.requests ?? 0) }))
}
