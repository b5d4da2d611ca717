// Stripe webhook events already handled: Stripe retries and replays, each event id counts once.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})
