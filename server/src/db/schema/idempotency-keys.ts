// A step's Idempotency-Key with the answer it got, so a retried request whose first answer was lost gets
// that answer again instead of a second run (or a 409 because the booking already moved). Keys are the
// user's own (two users' keys never collide) and are forgotten after a day.
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
import { users } from './users'

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The request the key was first used for ('POST /bookings/:id/accept' with the id filled in). */
    request: text('request').notNull(),
    /** Null while the first request still runs. */
    statusCode: integer('status_code'),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
)

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect
