// POST /reports: a user, a listing or a message, with a reason from the fixed list and an optional note.
// One open report per reporter and target (a repeat updates it: 200 with updated); rate limited per user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CreateReportBodySchema, REPORTS_PER_HOUR, ReportReceiptSchema } from '@contract/safety'
import { fileReport } from '../service/reports'
import { signedIn } from '../../../plugins/auth'
import { userOrIpKey } from '../../../plugins/rate-limits'
import { idempotent } from '../../../lib/idempotent'

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reports',
    {
      schema: { body: CreateReportBodySchema, response: { 200: ReportReceiptSchema, 201: ReportReceiptSchema } },
      config: { auth: 'user', rateLimit: { max: REPORTS_PER_HOUR, timeWindow: '1 hour', keyGenerator: userOrIpKey } },
    },
    async (request, reply) => {
      const { user } = signedIn(request)
      return idempotent(app, request, reply, user.id, async () => {
        const receipt = await fileReport(app.db, user.id, request.body)
        reply.code(receipt.updated ? 200 : 201)
        return receipt
      })
    },
  )
}

export default reportRoutes
