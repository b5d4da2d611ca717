// The handled Stripe events: an event recorded here is not applied twice (the SQL: payments/queries.ts).
export { recordStripeEvent } from '../queries'
