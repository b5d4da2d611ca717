// A booking with its listing and both parties, as every reader of bookings (the parties, the admin) sees it.
export { findBookingView, hosts, renters, selectBookingViews, type BookingView } from '../queries/bookings'
