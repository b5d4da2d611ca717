// POST /stripe/webhook: Stripe's events, signature checked over the raw body with STRIPE_WEBHOOK_SECRET.
// account.updated refreshes the stored account state, booking events go to bookings/stripe-events.ts;
// forged, stale and replayed events change nothing. The Connect endpoint's secret vouches only for the
// hosts' accounts' own events (CONNECT_EVENT_TYPES): a booking, renewal, refund or any other money event
// signed with it is logged and ignored, so a leaked or guessed Connect secret cannot confirm a booking.
import type { FastifyPluginAsync } from 'fastify'
import type Stripe from 'stripe'
import { applyAccountEvent, recordStripeEvent } from '../queries'
import { accountState } from '../service/payment-status'
import { MONEY_EVENT_TYPES, recordMoneyEvent } from '../../money/service/ledger-events'
import { badRequest, HttpError } from '../../../errors'
import { applyBookingEvent, BOOKING_EVENT_TYPES } from '../../bookings/events/stripe-events'
import { applyDisputeEvent, DISPUTE_EVENT_TYPES } from '../../bookings/events/dispute-events'
import { applyIdentityEvent, IDENTITY_EVENT_TYPES } from '../events/identity-events'
import { applyRenewalEvent, RENEWAL_EVENT_TYPES } from '../../bookings/events/renewal-events'

/** What a connected account's endpoint sends us: its state and its payouts (the ledger's payout rows). */
export const CONNECT_EVENT_TYPES = new Set(['account.updated', 'payout.paid'])

const webhookRoutes: FastifyPluginAsync = async (app) => {
  // This scope alone keeps JSON bodies as raw bytes: the signature covers the exact bytes Stripe sent.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body))

  app.post('/stripe/webhook', async (request) => {
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
    if (BOOKING_EVENT_TYPES.has(event.type)) {
      const result = await applyBookingEvent(app, event)
      request.log.info({ eventId: event.id, type: event.type, result }, 'stripe booking event')
      return { received: true, result }
    }
    if (RENEWAL_EVENT_TYPES.has(event.type)) {
      const result = await applyRenewalEvent(app, event)
      request.log.info({ eventId: event.id, type: event.type, result }, 'stripe renewal event')
      return { received: true, result }
    }
    if (DISPUTE_EVENT_TYPES.has(event.type)) {
      const result = await applyDisputeEvent(app, event)
      request.log.info({ eventId: event.id, type: event.type, result }, 'stripe dispute event')
      return { received: true, result }
    }
    if (IDENTITY_EVENT_TYPES.has(event.type)) {
      const result = await applyIdentityEvent(app, event)
      request.log.info({ eventId: event.id, type: event.type, result }, 'stripe identity event')
      return { received: true, result }
    }
    if (event.type !== 'account.updated') {
      await recordStripeEvent(app.db, event.id, event.type)
      return { received: true, result: MONEY_EVENT_TYPES.has(event.type) ? 'ledger' : 'ignored' }
    }
    const account = event.data.object
    const result = await applyAccountEvent(app.db, {
      id: event.id,
      type: event.type,
      accountId: account.id,
      createdAt: new Date(event.created * 1000),
      state: accountState(account),
    })
    request.log.info({ eventId: event.id, account: account.id, result }, 'stripe account.updated')
    return { received: true, result }
  })
}

export default webhookRoutes
