// POST /admin/bookings/:id/sandbox-dispute (payments sandbox only): an admin plays the renter's bank on a
// sandbox payment, opening a dispute or deciding the open one (won, lost). The stand-in's charge.dispute.*
// event is delivered signed to the same webhook route Stripe's would reach, so everything after it is real.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { disputeIsOpen, SandboxDisputeBodySchema, SandboxDisputeResultSchema } from '@contract/disputes'
import { latestDisputes } from '../../bookings/service/disputes'
import { findBookingView } from '../../bookings/service/bookings'
import { conflict, notFound } from '../../../errors'
import { disputeEvent, newDisputeId } from '../../payments/service/sandbox-disputes'
import { deliverSandboxEvents } from '../../payments/service/sandbox-delivery'
import { paymentIntentOf } from '../../bookings/service/payment-intent'

const Params = z.object({ id: z.string().max(64) })

const sandboxDisputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sandbox, stripe, webhookSecret } = app.payments
  if (!sandbox || !webhookSecret) return

  app.post(
    '/admin/bookings/:id/sandbox-dispute',
    { config: { auth: 'admin' }, schema: { params: Params, body: SandboxDisputeBodySchema, response: { 200: SandboxDisputeResultSchema } } },
    async (request) => {
      const view = await findBookingView(app.db, request.params.id)
      if (!view) throw notFound('This booking does not exist.')
      const b = view.booking
      const open = [...(await latestDisputes(app.db, [b.id])).values()].find((d) => disputeIsOpen(d.status))
      let event
      if (request.body.outcome === 'open') {
        if (open) throw conflict('This booking already has an open dispute.')
        const paymentIntent = b.paidCents > 0 ? await paymentIntentOf(stripe, b) : null
        if (!paymentIntent) throw conflict('Nothing was paid for this booking, so there is no payment to dispute.')
        event = disputeEvent('created', { id: newDisputeId(), paymentIntent, amount: b.paidCents - b.refundedCents || b.paidCents, currency: b.currency })
      } else {
        if (!open) throw conflict('This booking has no open dispute to decide.')
        const d = {
          id: open.id,
          paymentIntent: open.paymentIntentId ?? '',
          charge: open.chargeId ?? undefined,
          amount: open.amountCents,
          currency: open.currency,
        }
        event = disputeEvent('closed', { ...d, reason: open.reason, status: request.body.outcome, created: Math.floor(open.openedAt.getTime() / 1000) })
      }
      const [answer] = await deliverSandboxEvents(app, [event])
      return { result: String(answer?.result) }
    },
  )
}

export default sandboxDisputeRoutes
