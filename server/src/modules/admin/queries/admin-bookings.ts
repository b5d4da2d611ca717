// Admin reads of every booking and offer: filtered by state, kind and start date, searched on the
// listing's title and both parties' names and emails, a page at a time.
import { and, count, desc, eq, exists, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { bookingDisputes } from '../../../db/schema/booking-disputes'
import { bookings, type BookingState } from '../../../db/schema/bookings'
import { storages } from '../../../db/schema/storages'
import { users } from '../../../db/schema/users'
import { hosts, renters, selectBookingViews, type BookingView } from '../../bookings/service/bookings'

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export type AdminBookingRow = BookingView

export interface AdminBookingFilters {
  q: string
  states: BookingState[]
  kind: 'all' | 'booking' | 'offer'
  from?: string
  to?: string
  page: number
  limit: number
  /** Only bookings with a dispute of their payment. */
  disputed?: boolean
}

const fullName = (t: typeof users) => sql`${t.firstName} || ' ' || ${t.lastName}`

export async function searchAllBookings(db: Db, f: AdminBookingFilters): Promise<{ rows: AdminBookingRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = []
  const q = f.q.trim()
  if (q) {
    const like = `%${escapeLike(q)}%`
    conditions.push(
      or(
        ilike(storages.title, like),
        ilike(renters.email, like),
        ilike(hosts.email, like),
        ilike(fullName(renters), like),
        ilike(fullName(hosts), like),
        eq(bookings.id, q),
      ),
    )
  }
  if (f.states.length) conditions.push(inArray(bookings.state, f.states))
  // An offer is a booking asked below the listing's price: the renter's offerCents is kept for its life.
  if (f.kind === 'offer') conditions.push(isNotNull(bookings.offerCents))
  if (f.kind === 'booking') conditions.push(isNull(bookings.offerCents))
  if (f.from) conditions.push(gte(bookings.startDate, f.from))
  if (f.to) conditions.push(lte(bookings.startDate, f.to))
  if (f.disputed)
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(bookingDisputes)
          .where(eq(bookingDisputes.bookingId, bookings.id)),
      ),
    )
  const where = and(...conditions)
  const [rows, [totalRow]] = await Promise.all([
    selectBookingViews(db)
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db
      .select({ n: count() })
      .from(bookings)
      .innerJoin(storages, eq(storages.id, bookings.storageId))
      .innerJoin(renters, eq(renters.id, bookings.renterId))
      .innerJoin(hosts, eq(hosts.id, bookings.hostId))
      .where(where),
  ])
  return { rows, total: Number(totalRow?.n ?? 0) }
}
