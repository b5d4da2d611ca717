// The audit log: every admin action writes its entry in the same transaction as its change.
import type { Db } from '../../../db/client'
import { appendAudit } from '../queries/audit-log'
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

// Reading it: a page of entries, and the names (as they are now) of their admins and targets.
export { listAudit } from '../queries/audit-log'
export { auditNames } from '../queries/audit-targets'
