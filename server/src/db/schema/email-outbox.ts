// Every email the server sends: stored here always (the per-address limit counts them); without SMTP_URL
// this table is the outbox admins read, with SMTP the row records delivery.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { leads } from './leads'

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template').notNull(),
    leadId: text('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** stored: kept in the outbox (no SMTP); sending/sent/failed: handed to SMTP. */
    status: text('status', { enum: ['stored', 'sending', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('email_outbox_to_idx').on(t.to, t.createdAt), index('email_outbox_created_idx').on(t.createdAt)],
)
export type EmailOutboxRow = typeof emailOutbox.$inferSelect
export type NewEmailOutboxRow = typeof emailOutbox.$inferInsert
