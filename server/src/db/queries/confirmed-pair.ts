// Whether two users have a booking between them that was ever confirmed (paid): from then on their
// messages are not masked (domain/contact-protection.ts). One indexed probe, either direction.
import { and, eq, isNotNull, or } from 'drizzle-orm'
import type { Db } from '../client'
import { bookings } from '../schema/bookings'

export async function hasConfirmedBookingBetween(db: Db, a: string, b: string): Promise<boolean> {
  const pair = or(and(eq(bookings.renterId, a), eq(bookings.hostId, b)), and(eq(bookings.renterId, b), eq(bookings.hostId, a)))
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(pair, isNotNull(bookings.confirmedAt)))
    .limit(1)
  return row !== undefined
}
