// Request rate-limit counters on PostgreSQL (@fastify/rate-limit's store, plugins/rate-limit-store.ts), so
// that N instances count one limit together instead of N limits. One row per route and key, reset when
// its window ends; old rows are swept now and then.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const rateLimitCounters = pgTable('rate_limit_counters', {
  /** The route (or limiter) and the request's key, e.g. 'POST /api/messages|user:…'. */
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
})
