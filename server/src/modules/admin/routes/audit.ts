// The audit log: written by every admin action in the same transaction as its change; read-only here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AuditEntrySchema, AuditQuerySchema, pageOf } from '@contract/admin'
import type { Db } from '../../../db/client'
import { appendAudit, listAudit } from '../queries/audit-log'
import { auditNames } from '../queries/audit-targets'
import type { AuthState } from '../../../plugins/auth'

export interface AuditInput {
  action: string
  targetType: 'user' | 'storage' | 'conversation' | 'blog_post' | 'outbox' | 'email' | 'review' | 'message' | 'report' | 'booking'
  targetId: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  reason?: string
}

export const recordAudit = (db: Db, admin: AuthState, input: AuditInput) =>
  appendAudit(db, { adminId: admin.user.id, adminEmail: admin.user.email, reason: '', ...input })

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
