// The reviews feature's part of each booking card (features/reviews), put in the bookings feature's card
// slot (components/ui/booking-extras) by the pages that list bookings.
import type { ReactNode } from 'react'
import { BookingExtrasContext, type BookingExtras } from '../../components/ui/booking-extras'
import { BookingReview } from '../../features/reviews/components/booking-review'

const reviews: BookingExtras = (booking) => <BookingReview booking={booking} />

export function WithBookingReviews({ children }: { children: ReactNode }) {
  return <BookingExtrasContext value={reviews}>{children}</BookingExtrasContext>
}
