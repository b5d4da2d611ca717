// Both dashboards' "waiting for an answer" lists: the bookings in the given states whose answer is not
// overdue, each drawn by the bookings feature with the steps allowed now.
import type { Booking } from '@contract/booking'
import type { BookingState } from '@contract/booking-process'
import { BookingItem } from '../../../features/bookings/components/booking-item'

export const waitingItems = (bookings: Booking[], states: readonly BookingState[], online: boolean) =>
  bookings
    .filter((b) => states.includes(b.state) && new Date(b.expiresAt).getTime() > Date.now())
    .map((b) => <BookingItem key={b.id} booking={b} online={online} />)
