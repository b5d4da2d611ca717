// Stripe Identity's webhook events (identity.verification_session.*), applied once per event id. The ID
// badge is set here and nowhere else: only a signed `verified` event about the user's session sets it.
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { recordStripeEvent } from '../../payments/service/stripe-events'
import { setIdentityStatus } from '../queries/user-verifications'

const OUTCOMES = {
  // The user submitted; Stripe is checking (the profile says it waits).
  'identity.verification_session.processing': 'pending',
  'identity.verification_session.verified': 'verified',
  'identity.verification_session.requires_input': 'requires_input',
  'identity.verification_session.canceled': 'canceled',
} as const
export const IDENTITY_EVENT_TYPES = new Set<string>(Object.keys(OUTCOMES))

export async function applyIdentityEvent(app: FastifyInstance, event: Stripe.Event): Promise<'applied' | 'duplicate' | 'unknown-session'> {
  const status = OUTCOMES[event.type as keyof typeof OUTCOMES]
  const session = event.data.object as { id: string }
  return app.db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return 'duplicate'
    const userId = await setIdentityStatus(tx, session.id, status)
    return userId ? 'applied' : 'unknown-session'
  })
}
