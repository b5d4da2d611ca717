// GET /admin/leads and /admin/email-outbox: what admins read in the admin portal.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { LeadListSchema, OutboxListSchema } from '../../../../src/schemas/lead'
import { listEmails, listLeads } from '../../db/queries/leads'
import { requireAdmin } from '../../plugins/auth'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

const adminLeadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/leads', { schema: { response: { 200: LeadListSchema } } }, async (request, reply) => {
    await requireAdmin(request)
    reply.header('cache-control', 'private, no-store')
    const rows = await listLeads(app.db)
    return { leads: rows.map(({ ip: _ip, ...l }) => ({ ...l, notifiedAt: iso(l.notifiedAt), createdAt: l.createdAt.toISOString() })) }
  })

  app.get('/admin/email-outbox', { schema: { response: { 200: OutboxListSchema } } }, async (request, reply) => {
    await requireAdmin(request)
    reply.header('cache-control', 'private, no-store')
    const rows = await listEmails(app.db)
    return {
      transport: app.mailer.transport,
      emails: rows.map((e) => ({ ...e, createdAt: e.createdAt.toISOString(), sentAt: iso(e.sentAt) })),
    }
  })
}

export default adminLeadRoutes
