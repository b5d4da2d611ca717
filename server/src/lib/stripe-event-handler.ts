// What a module hands the Stripe webhook: the verified event types it owns and how it applies one.
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'

export interface StripeEventHandler {
  /** Names the event in the webhook's log line: `stripe <name> event`. */
  name: string
  types: ReadonlySet<string>
  /** Applies a verified event once (a replay is reported, not applied again); the result goes in the answer. */
  apply(app: FastifyInstance, event: Stripe.Event): Promise<string>
}
