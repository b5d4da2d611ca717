// The bookings module's share of Stripe's events (the webhook dispatches to it): a checkout or payment
// confirms or extends a booking, a failed renewal or a dispute moves it.
import type { StripeEventHandler } from '../../../lib/stripe-event-handler'
import { applyDisputeEvent, DISPUTE_EVENT_TYPES } from '../events/dispute-events'
import { applyRenewalEvent, RENEWAL_EVENT_TYPES } from '../events/renewal-events'
import { applyBookingEvent, BOOKING_EVENT_TYPES } from '../events/stripe-events'

export const bookingEventHandlers: StripeEventHandler[] = [
  { name: 'booking', types: BOOKING_EVENT_TYPES, apply: applyBookingEvent },
  { name: 'renewal', types: RENEWAL_EVENT_TYPES, apply: applyRenewalEvent },
  { name: 'dispute', types: DISPUTE_EVENT_TYPES, apply: applyDisputeEvent },
]
