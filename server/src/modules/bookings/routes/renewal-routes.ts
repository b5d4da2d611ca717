// POST /bookings/:id/payment-method: the renter's way to update the card (Stripe's billing portal) when a
// renewal fails; POST /bookings/:id/space-clear: the host says the space is clear after the move-out. In the
// sandbox, the portal is our "Test mode" page (/billing-portal) and a renewal can be declined on purpose.
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BookingSchema } from '@contract/booking'
import { PaymentMethodResponseSchema } from '@contract/renewals'
import { findBookingBySubscription, findBookingView, markSpaceCleared } from '../service/bookings'
import { canConfirmClear } from '../service/move-out'
import { publicBaseUrl } from '../../../lib/public-url'
import { conflict, forbidden, HttpError, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { stripeFailure } from '../../payments/service/stripe-errors'
import { notifyRenewal } from '../service/renewal-notify'
import { idempotent } from '../../../lib/idempotent'
import { bookingDto, bookingForParty } from '../service/shared'
import { deliverSandboxEvents } from '../../payments/service/sandbox-delivery'

const Params = z.object({ id: z.string().max(64) })
const PortalParams = z.object({ portalId: z.string().max(100) })
const Empty = z.object({}).passthrough().optional()

const renewalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings/:id/payment-method',
    {
      schema: { params: Params, body: Empty, response: { 200: PaymentMethodResponseSchema } },
      config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { view, role } = await bookingForParty(app, request, request.params.id)
      if (role !== 'renter') throw forbidden('Only the renter updates the card that pays for a booking.')
      const b = view.booking
      if (!b.subscriptionId) throw conflict('This booking has no monthly payments to update a card for.')
      try {
        const sub = await app.payments.stripe.subscriptions.retrieve(b.subscriptionId)
        const customer = typeof sub.customer === 'string' ? sub.customer : sub.customer?.id
        if (!customer) throw conflict('This booking has no monthly payments to update a card for.')
        const returnUrl = `${publicBaseUrl(app.config, request).replace(/\/$/, '')}/bookings?highlight=${encodeURIComponent(b.id)}`
        const session = await app.payments.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl })
        return { url: session.url }
      } catch (err) {
        if (err instanceof HttpError) throw err
        throw stripeFailure(err)
      }
    },
  )

  app.post(
    '/bookings/:id/space-clear',
    { config: { auth: 'user' }, schema: { params: Params, body: Empty, response: { 200: BookingSchema } } },
    async (request, reply) => {
      const { view, auth, role } = await bookingForParty(app, request, request.params.id)
      if (role !== 'host') throw forbidden('Only the host says the space is clear.')
      return idempotent(app, request, reply, auth.user.id, async () => {
        const b = view.booking
        if (!canConfirmClear(b, new Date())) throw conflict('The space can be confirmed clear from the move-out day until 48 hours after it.')
        const row = (await markSpaceCleared(app.db, b.id, new Date()))!
        await notifyRenewal(app, 'space-clear', view, row, { email: ['renter'], key: 'host', request })
        return bookingDto({ ...view, booking: row }, auth.user.id)
      })
    },
  )

  const { sandbox, webhookSecret } = app.payments
  if (!sandbox || !webhookSecret) return
  registerSandboxPortal(app, sandbox)
}

/** The sandbox's billing portal and its "decline the next renewal" helper (as `stripe trigger invoice.payment_failed`). */
function registerSandboxPortal(fastify: FastifyInstance, sandbox: NonNullable<FastifyInstance['payments']['sandbox']>) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const deliver = (events: Record<string, unknown>[]) => deliverSandboxEvents(app, events)
  /** The portal session, only for the renter whose subscription's customer it is. */
  async function portalFor(userId: string, portalId: string) {
    const session = sandbox.checkout.billing.portalSessions.get(portalId)
    if (!session) throw notFound('This billing portal session does not exist.')
    for (const sub of sandbox.checkout.subscriptions.values()) {
      if (sub.customer !== session.customer) continue
      const found = await findBookingBySubscription(app.db, sub.id)
      if (found?.booking.renterId === userId) return { session, booking: found }
    }
    throw forbidden('This billing portal is another customer’s.')
  }

  const PortalSchema = z.object({
    returnUrl: z.string().nullable(),
    storageTitle: z.string(),
    openInvoices: z.array(z.object({ amountCents: z.number().int(), currency: z.string() })),
  })
  app.get(
    '/stripe-sandbox/billing-portal/:portalId',
    { config: { auth: 'user' }, schema: { params: PortalParams, response: { 200: PortalSchema } } },
    async (request) => {
      const { session, booking } = await portalFor(signedIn(request).user.id, request.params.portalId)
      const open = sandbox.checkout.billing.openInvoicesOf(session.customer)
      return {
        returnUrl: session.return_url,
        storageTitle: booking.storage.title,
        openInvoices: open.map((i) => ({ amountCents: Number(i.amount_due), currency: String(i.currency) })),
      }
    },
  )

  app.post(
    '/stripe-sandbox/billing-portal/:portalId/update-card',
    { config: { auth: 'user' }, schema: { params: PortalParams, body: Empty } },
    async (request) => {
      await portalFor(signedIn(request).user.id, request.params.portalId)
      const updated = sandbox.checkout.billing.updateCard(request.params.portalId)!
      await deliver(updated.events)
      return { returnUrl: updated.session.return_url as string | null, paid: updated.events.filter((e) => e.type === 'invoice.paid').length }
    },
  )

  // A renewal billed to a declining card: the events come back to be delivered by the caller (a test signs
  // them), or are delivered here with `deliver: true` (trying the sandbox by hand).
  const DeclineBody = z.object({ deliver: z.boolean().default(false) }).optional()
  app.post('/stripe-sandbox/renewals/:id/decline', { config: { auth: 'user' }, schema: { params: Params, body: DeclineBody } }, async (request) => {
    const auth = signedIn(request)
    const found = await findBookingView(app.db, request.params.id)
    if (!found) throw notFound('This booking does not exist.')
    if (found.booking.renterId !== auth.user.id && found.booking.hostId !== auth.user.id && !auth.isAdmin) throw forbidden('Not your booking.')
    if (!found.booking.subscriptionId) throw conflict('This booking has no subscription.')
    const events = sandbox.checkout.billing.declineRenewal(found.booking.subscriptionId)
    if (!events) throw notFound('The sandbox does not know this subscription.')
    if (request.body?.deliver) await deliver(events)
    return { events }
  })
}

export default renewalRoutes
