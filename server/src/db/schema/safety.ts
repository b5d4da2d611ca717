// Report and block: who blocked whom (either direction stops messages and booking requests between the
// two), and reports of a user, a listing or a message for the admin queue.
import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { users } from './users'

export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // The send path asks "either way between a and b" once: two probes of this one unique index.
  (t) => [uniqueIndex('user_blocks_pair_idx').on(t.blockerId, t.blockedId)],
)
export type UserBlockRow = typeof userBlocks.$inferSelect

export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'user' | 'storage' | 'message' (contract/safety.ts REPORT_TARGETS). No foreign key: the report outlives its target. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The person the target belongs to (the user, the listing's host, the message's sender): the history groups by it. */
    targetUserId: text('target_user_id'),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /** 'open' | 'resolved' | 'dismissed' */
    status: text('status').notNull().default('open'),
    /** What the admin did: hide-message, unpublish-listing, deactivate-user, dismiss. */
    resolution: text('resolution'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open report per reporter and target: a repeat updates it.
    uniqueIndex('reports_open_per_reporter_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_queue_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_target_user_idx').on(t.targetUserId),
  ],
)
export type ReportRow = typeof reports.$inferSelect
