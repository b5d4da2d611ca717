// A slot at the foot of a booking card for parts another feature owns (the reviews feature's "Write a
// review"): the page provides what to render, so the bookings feature needn't import it.
import { createContext, useContext, type ReactNode } from 'react'
import type { Booking } from '@contract/booking'

export type BookingExtras = (booking: Booking) => ReactNode

export const BookingExtrasContext = createContext<BookingExtras | null>(null)

export const useBookingExtras = () => useContext(BookingExtrasContext)
