// The two dashboards' bookings and listings, each filtered by the signed-in user's id (the SQL:
// queries/dashboard.ts); their money is read from the ledger (money/service/ledger-figures.ts).
export { hostBookings, hostListings, renterBookings } from '../queries/dashboard'
