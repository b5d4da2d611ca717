// Every admin action, append-only: who did what to which row, when, and the row before → after.
// Migration 0009 adds a trigger that refuses UPDATE and DELETE, so not even the app can rewrite it.
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    /** No foreign key: the entry outlives the admin's account and is never cascaded away. */
    adminId: text('admin_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt.desc()), index('admin_audit_log_target_idx').on(t.targetType, t.targetId)],
)
export type AdminAuditRow = typeof adminAuditLog.$inferSelect
export type NewAdminAuditRow = typeof adminAuditLog.$inferInsert
