// Admin: the report queue (newest first, with the content, the reporter and the history) and its actions
// (service/reports.ts): hide the message, unpublish the listing, deactivate the account, or dismiss.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pageOf } from '@contract/admin'
import { uuidParam } from '@contract/messaging'
import { AdminReportSchema, ReportQueueQuerySchema, ResolveReportBodySchema } from '@contract/safety'
import { findMessagePhotoBytes, listReports } from '../../safety/service/reports'
import { reportView } from '../../safety/service/report-view'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { resolveReport } from '../service/reports'

const IdParams = z.object({ id: uuidParam })

const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/reports',
    { config: { auth: 'admin' }, schema: { querystring: ReportQueueQuerySchema, response: { 200: pageOf(AdminReportSchema) } } },
    async (request) => {
      const { status, page, limit } = request.query
      const { rows, total } = await listReports(app.db, { status, page, limit })
      return { items: await Promise.all(rows.map((r) => reportView(app.db, r))), total, page, limit }
    },
  )

  // A reported message's photo, even once removed: the admin reviews what was sent.
  app.get('/admin/message-photos/:photoId', { config: { auth: 'admin' }, schema: { params: z.object({ photoId: uuidParam }) } }, async (request, reply) => {
    const photo = await findMessagePhotoBytes(app.db, request.params.photoId)
    if (!photo) throw notFound('Photo not found.')
    return reply.header('content-type', photo.contentType).header('content-disposition', 'inline').send(photo.bytes)
  })

  app.post(
    '/admin/reports/:id/resolve',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: ResolveReportBodySchema, response: { 200: AdminReportSchema } } },
    async (request) => {
      const admin = signedIn(request)
      const { report, after } = await resolveReport(app, request, admin, request.params.id, request.body)
      for (const step of after) await step().catch((err: unknown) => request.log.error({ err }, 'report action follow-up failed'))
      return reportView(app.db, report)
    },
  )
}

export default adminReportRoutes
