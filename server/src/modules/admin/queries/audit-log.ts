// The admin audit log: appended inside the same transaction as the change it records, read newest first.
import { count, desc, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { adminAuditLog, type AdminAuditRow, type NewAdminAuditRow } from '../../../db/schema/admin-audit-log'

export async function appendAudit(db: Db, entry: NewAdminAuditRow) {
  await db.insert(adminAuditLog).values(entry)
}

export async function listAudit(db: Db, opts: { page: number; limit: number; targetId?: string }): Promise<{ rows: AdminAuditRow[]; total: number }> {
  const where = opts.targetId ? eq(adminAuditLog.targetId, opts.targetId) : undefined
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ])
  return { rows, total: Number(totalRow?.n ?? 0) }
}
