// POST /stripe/webhook: Stripe's events, signature checked over the raw body with STRIPE_WEBHOOK_SECRET.
// Each verified event goes to the money ledger first, then to the one module that owns its type (the
// handlers in STRIPE_EVENT_HANDLERS); forged, stale and replayed events change nothing. The Connect endpoint's secret vouches only for the
// hosts' accounts' own events (CONNECT_EVENT_TYPES): a booking, renewal, refund or any other money event
// signed with it is logged and ignored, so a leaked or guessed Connect secret cannot confirm a booking.
import type { FastifyPluginAsync } from 'fastify'
import type Stripe from 'stripe'
import { recordStripeEvent } from '../service/stripe-events'
import { MONEY_EVENT_TYPES, recordMoneyEvent } from '../../money/service/ledger-events'
import { badRequest, HttpError } from '../../../errors'
import { bookingEventHandlers } from '../../bookings/service/stripe-event-handlers'
import { safetyEventHandlers } from '../../safety/service/stripe-event-handlers'
import { accountEventHandlers } from '../events/account-events'

/** What a connected account's endpoint sends us: its state and its payouts (the ledger's payout rows). */
export const CONNECT_EVENT_TYPES = new Set(['account.updated', 'payout.paid'])

/** Who applies each event type: one module per type (the ledger, above them all, records every money event). */
const STRIPE_EVENT_HANDLERS = [...bookingEventHandlers, ...safetyEventHandlers, ...accountEventHandlers]

const webhookRoutes: FastifyPluginAsync = async (app) => {
  // This scope alone keeps JSON bodies as raw bytes: the signature covers the exact bytes Stripe sent.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body))

  app.post('/stripe/webhook', { config: { auth: 'public' } }, async (request) => {
    const secret = app.payments.webhookSecret
    if (!secret) throw new HttpError(503, 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).')
    const signature = request.headers['stripe-signature']
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest('A signed JSON body is required.', 'stripe-signature')
    // Stripe signs the events of connected accounts (payouts, account updates) with the Connect endpoint's
    // own secret when that endpoint is separate: either secret is accepted.
    const secrets = [
      { secret, platform: true },
      { secret: app.config.stripeConnectWebhookSecret, platform: false },
    ].filter((s): s is { secret: string; platform: boolean } => Boolean(s.secret))
    let verified: { event: Stripe.Event; platform: boolean } | undefined
    for (const s of secrets) {
      try {
        verified = { event: app.payments.stripe.webhooks.constructEvent(request.body, signature, s.secret), platform: s.platform }
        break
      } catch {
        /* the next secret */
      }
    }
    if (!verified) throw badRequest('Invalid Stripe signature.', 'stripe-signature')
    const { event, platform } = verified
    if (!platform && !CONNECT_EVENT_TYPES.has(event.type)) {
      // 2xx so Stripe does not retry it; nothing is recorded, the ledger included.
      request.log.warn({ eventId: event.id, type: event.type, account: event.account }, 'a platform event signed with the Connect secret was ignored')
      return { received: true, result: 'ignored-connect-secret' }
    }
    // The money ledger first (its rows are idempotent by Stripe object, so a replay adds nothing).
    await recordMoneyEvent(app, event)
    const handler = STRIPE_EVENT_HANDLERS.find((h) => h.types.has(event.type))
    if (!handler) {
      await recordStripeEvent(app.db, event.id, event.type)
      return { received: true, result: MONEY_EVENT_TYPES.has(event.type) ? 'ledger' : 'ignored' }
    }
    const result = await handler.apply(app, event)
    request.log.info({ eventId: event.id, type: event.type, account: event.account, result }, `stripe ${handler.name} event`)
    return { received: true, result }
  })
}

export default webhookRoutes
