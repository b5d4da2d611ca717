// The bookings between two users, whichever side each is on: the chat's evidence and visit cards read them.
import { and, desc, eq, inArray, or } from 'drizzle-orm'
import type { BookingState } from '@contract/booking-states'
import type { Db } from '../../../db/client'
import { bookings } from '../../../db/schema/bookings'
import { selectBookingViews, type BookingView } from './bookings'

/** The bookings between two users in the given states, newest first. */
export async function bookingsBetween(db: Db, a: string, b: string, states: readonly BookingState[]): Promise<BookingView[]> {
  return selectBookingViews(db)
    .where(
      and(
        or(and(eq(bookings.renterId, a), eq(bookings.hostId, b)), and(eq(bookings.renterId, b), eq(bookings.hostId, a))),
        inArray(bookings.state, [...states]),
      ),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(20)
}
