// The bookings as the routes and the other modules read them (each with its listing and both parties: a
// BookingView), and the two writes of a booking's fields that are not a step of the process (those go
// through process.ts). The SQL: queries/bookings.ts.
import type { Db } from '../../../db/client'
import { updateBooking } from '../queries/bookings'

export {
  findBookingBySession,
  findBookingBySubscription,
  findBookingView,
  hosts,
  listBookingsOf,
  lockBooking,
  renters,
  selectBookingViews,
  type BookingView,
} from '../queries/bookings'
export { bookingsBetween } from '../queries/bookings-between'

/** Remembers the Stripe Checkout session opened for the booking; the row after, undefined if it is gone. */
export const saveCheckoutSession = (db: Db, bookingId: string, sessionId: string) => updateBooking(db, bookingId, { checkoutSessionId: sessionId })

/** The host's word that the space is clear after the move-out; the row after, undefined if it is gone. */
export const markSpaceCleared = (db: Db, bookingId: string, at: Date) => updateBooking(db, bookingId, { spaceClearedAt: at })
