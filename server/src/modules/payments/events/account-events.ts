// account.updated from a host's connected account: the stored account state (spec 3 "Payment status")
// follows it, newest event first (an older one arriving late changes nothing).
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import type { StripeEventHandler } from '../../../lib/stripe-event-handler'
import { applyAccountEvent } from '../queries'
import { accountState } from '../service/payment-status'

async function applyAccountUpdated(app: FastifyInstance, event: Stripe.Event): Promise<string> {
  if (event.type !== 'account.updated') return 'ignored'
  const account = event.data.object
  return applyAccountEvent(app.db, {
    id: event.id,
    type: event.type,
    accountId: account.id,
    createdAt: new Date(event.created * 1000),
    state: accountState(account),
  })
}

export const accountEventHandlers: StripeEventHandler[] = [{ name: 'account', types: new Set(['account.updated']), apply: applyAccountUpdated }]
