// The trust and safety module's share of Stripe's events: Stripe Identity's outcomes set the ID badge.
import type { StripeEventHandler } from '../../../lib/stripe-event-handler'
import { applyIdentityEvent, IDENTITY_EVENT_TYPES } from '../events/identity-events'

export const safetyEventHandlers: StripeEventHandler[] = [{ name: 'identity', types: IDENTITY_EVENT_TYPES, apply: applyIdentityEvent }]
