// POST /bookings/:id/checkout: the renter of an accepted booking gets a Stripe Checkout session (the
// booking is confirmed later, only by the verified webhook). In the sandbox, POST
// /stripe-sandbox/checkout/:sessionId/pay completes it on the "Test mode" page and delivers the same
// signed events to the same webhook route.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BOOKING_ERRORS, CheckoutResponseSchema, SandboxPayResponseSchema } from '@contract/booking'
import { findBookingBySession, saveCheckoutSession } from '../service/bookings'
import { findPaymentAccount } from '../../payments/service/payment-accounts'
import { checkoutSessionParams } from '../service/checkout-params'
import { refusal, transition } from '../service/transitions'
import { publicBaseUrl } from '../../../lib/public-url'
import { conflict, forbidden, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { stripeFailure } from '../../payments/service/stripe-errors'
import { bookingForParty } from '../service/shared'
import { deliverSandboxEvents } from '../../payments/service/sandbox-delivery'

const Params = z.object({ id: z.string().max(64) })
const SessionParams = z.object({ sessionId: z.string().max(100) })

const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings/:id/checkout',
    { schema: { params: Params, response: { 200: CheckoutResponseSchema } }, config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => {
      const { view, auth, role } = await bookingForParty(app, request, request.params.id)
      const b = view.booking
      if (role !== 'renter') throw forbidden('Only the renter pays for a booking.')
      // Only a booking Stripe may confirm is paid (accepted; one past its window was settled to expired above).
      if (!transition(b.state, 'pay', 'stripe')) throw conflict(refusal(b.state, 'pay'))
      const account = await findPaymentAccount(app.db, b.hostId)
      if (!account?.stripeAccountId || !account.chargesEnabled) throw conflict('The host cannot receive payments yet.', 'paymentSetup')
      const params = checkoutSessionParams(b, {
        title: view.storage.title,
        renterEmail: auth.user.email,
        destination: account.stripeAccountId,
        baseUrl: publicBaseUrl(app.config, request),
      })
      try {
        // One session per agreed price and pay window: a second click reuses it (Stripe's idempotency).
        const key = `nookshare-checkout-${b.id}-${b.quote.firstPaymentCents}-${b.expiresAt.getTime()}-${params.expires_at ?? 'open'}`
        const session = await app.payments.stripe.checkout.sessions.create(params, { idempotencyKey: key })
        await saveCheckoutSession(app.db, b.id, session.id)
        return { url: session.url!, sessionId: session.id }
      } catch (err) {
        throw stripeFailure(err)
      }
    },
  )

  const { sandbox, webhookSecret } = app.payments
  if (!sandbox || !webhookSecret) return

  app.post(
    '/stripe-sandbox/checkout/:sessionId/pay',
    { config: { auth: 'user' }, schema: { params: SessionParams, response: { 200: SandboxPayResponseSchema } } },
    async (request) => {
      const { user } = signedIn(request)
      const found = await findBookingBySession(app.db, request.params.sessionId)
      if (!found) throw notFound('This checkout session does not exist.')
      if (found.booking.renterId !== user.id) throw forbidden(BOOKING_ERRORS.notParty)
      const completed = sandbox.checkout.complete(request.params.sessionId)
      if (!completed) throw notFound('This checkout session does not exist.')
      await deliverSandboxEvents(app, completed.events)
      return { successUrl: String(completed.session.success_url).replace('{CHECKOUT_SESSION_ID}', completed.session.id) }
    },
  )
}

export default checkoutRoutes
