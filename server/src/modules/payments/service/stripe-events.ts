// Stripe events applied once: a module's handler records the event's id in the transaction that applies it.
export { recordStripeEvent } from '../queries'
