// People who left their details on /host or /storee; admins read them in the admin portal.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

export const leads = pgTable(
  'leads',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    source: text('source', { enum: ['/host', '/storee'] }).notNull(),
    browser: text('browser').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** Which endpoint recorded it: host-interest, lead-email or send-email. */
    via: text('via').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('leads_email_idx').on(t.email, t.createdAt), index('leads_created_idx').on(t.createdAt)],
)
export type LeadRow = typeof leads.$inferSelect
export type NewLeadRow = typeof leads.$inferInsert
