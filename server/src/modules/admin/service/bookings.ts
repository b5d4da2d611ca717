// The admin's list of every booking and offer.
export { searchAllBookings, type AdminBookingRow } from '../queries/admin-bookings'
