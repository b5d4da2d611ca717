// POST /bookings/:id/payment-method: the renter's way to update the card (Stripe's billing portal) when a
// renewal fails; POST /bookings/:id/space-clear: the host says the space is clear after the move-out. In the
// sandbox, the portal is our "Test mode" page (/billing-portal) and a renewal can be declined on purpose.
// The steps are bookings/service/renewal-steps.ts's.
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BookingSchema } from '@contract/booking'
import { PaymentMethodResponseSchema } from '@contract/renewals'
import { cardUpdatePortal, confirmSpaceClear, declineSandboxRenewal, sandboxPortalFor } from '../service/renewal-steps'
import { publicBaseUrl } from '../../../lib/public-url'
import { signedIn } from '../../../plugins/auth'
import { idempotent } from '../../../lib/idempotent'
import { bookingForParty } from '../service/shared'
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
      const returnUrl = `${publicBaseUrl(app.config, request).replace(/\/$/, '')}/bookings?highlight=${encodeURIComponent(view.booking.id)}`
      return cardUpdatePortal(app.payments.stripe, view, role, returnUrl)
    },
  )

  app.post(
    '/bookings/:id/space-clear',
    { config: { auth: 'user' }, schema: { params: Params, body: Empty, response: { 200: BookingSchema } } },
    async (request, reply) => {
      const { view, auth, role } = await bookingForParty(app, request, request.params.id)
      return idempotent(app, request, reply, auth.user.id, () => confirmSpaceClear(app, request, view, role))
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

  const PortalSchema = z.object({
    returnUrl: z.string().nullable(),
    storageTitle: z.string(),
    openInvoices: z.array(z.object({ amountCents: z.number().int(), currency: z.string() })),
  })
  app.get(
    '/stripe-sandbox/billing-portal/:portalId',
    { config: { auth: 'user' }, schema: { params: PortalParams, response: { 200: PortalSchema } } },
    async (request) => {
      const { session, booking } = await sandboxPortalFor(app, sandbox, signedIn(request).user.id, request.params.portalId)
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
      await sandboxPortalFor(app, sandbox, signedIn(request).user.id, request.params.portalId)
      const updated = sandbox.checkout.billing.updateCard(request.params.portalId)!
      await deliver(updated.events)
      return { returnUrl: updated.session.return_url as string | null, paid: updated.events.filter((e) => e.type === 'invoice.paid').length }
    },
  )

  // A renewal billed to a declining card: the events come back to be delivered by the caller (a test signs
  // them), or are delivered here with `deliver: true` (trying the sandbox by hand).
  const DeclineBody = z.object({ deliver: z.boolean().default(false) }).optional()
  app.post('/stripe-sandbox/renewals/:id/decline', { config: { auth: 'user' }, schema: { params: Params, body: DeclineBody } }, async (request) => {
    const { user, isAdmin } = signedIn(request)
    const events = await declineSandboxRenewal(app, sandbox, { id: user.id, isAdmin }, request.params.id)
    if (request.body?.deliver) await deliver(events)
    return { events }
  })
}

export default renewalRoutes
