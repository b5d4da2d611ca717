// The audit log: written by every admin action in the same transaction as its change (service/audit.ts);
// read-only here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AuditEntrySchema, AuditQuerySchema, pageOf } from '@contract/admin'
import { auditNames, listAudit } from '../service/audit'

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit-log',
    { config: { auth: 'admin' }, schema: { querystring: AuditQuerySchema, response: { 200: pageOf(AuditEntrySchema) } } },
    async (request) => {
      const { page, limit, targetId } = request.query
      const { rows, total } = await listAudit(app.db, { page, limit, targetId })
      // Words, not codes: the admin's name and the target's name (as they are now) go with each entry.
      const names = await auditNames(app.db, rows)
      const items = rows.map((r) => ({ ...r, adminName: names.adminName(r), target: names.target(r), createdAt: r.createdAt.toISOString() }))
      return { items, total, page, limit }
    },
  )
}

export default auditRoutes
