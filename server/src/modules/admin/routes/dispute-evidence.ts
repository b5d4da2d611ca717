// POST /admin/bookings/:id/dispute-evidence: an admin records that the evidence for the booking's open
// dispute was sent to the bank (from the Stripe dashboard), so other admins see it is handled; audited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DisputeSchema, disputeIsOpen } from '@contract/disputes'
import { ReasonBodySchema } from '@contract/admin'
import { disputeDto, latestDisputes } from '../../bookings/service/disputes'
import { conflict, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { markDisputeEvidenceSent } from '../service/dispute-evidence'

const Params = z.object({ id: z.string().max(64) })

const disputeEvidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/bookings/:id/dispute-evidence',
    { config: { auth: 'admin' }, schema: { params: Params, body: ReasonBodySchema, response: { 200: DisputeSchema } } },
    async (request) => {
      const admin = signedIn(request)
      const dispute = (await latestDisputes(app.db, [request.params.id])).get(request.params.id)
      if (!dispute) throw notFound('This booking has no dispute.')
      if (!disputeIsOpen(dispute.status)) throw conflict('The bank has already decided this dispute.')
      if (dispute.evidenceSubmittedAt) return disputeDto(dispute)
      const row = await markDisputeEvidenceSent(app.db, admin, dispute, request.body.reason)
      return disputeDto(row)
    },
  )
}

export default disputeEvidenceRoutes
