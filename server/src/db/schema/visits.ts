// Visits arranged in a booking's chat (move-in, drop-off, pick-up): proposed by either side inside the
// listing's access hours, then confirmed, countered (a new row replacing this one) or declined. Each
// confirmed visit is reminded once, an hour before (reminded_at is the claim).
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { VISIT_KINDS, VISIT_STATUSES } from '@contract/visits'
import { bookings } from './bookings'
import { createdAt, id, updatedAt } from './columns'
import { users } from './users'

export const visits = pgTable(
  'visits',
  {
    id: id(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    proposedBy: text('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: VISIT_KINDS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    minutes: integer('minutes').notNull(),
    /** The listing's zone when proposed: the card reads the same time even if the listing moves. */
    timeZone: text('time_zone').notNull(),
    status: text('status', { enum: VISIT_STATUSES }).notNull().default('proposed'),
    /** The proposal this one counters (that one is now `replaced`). */
    replacesId: text('replaces_id'),
    /** The proposer's key: a proposal sent again from the outbox makes one visit. */
    clientId: text('client_id'),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('visits_booking_idx').on(t.bookingId, t.createdAt),
    index('visits_due_idx')
      .on(t.startsAt)
      .where(sql`status = 'confirmed' and reminded_at is null`),
    uniqueIndex('visits_client_idx').on(t.proposedBy, t.clientId),
  ],
)
export type VisitRow = typeof visits.$inferSelect
