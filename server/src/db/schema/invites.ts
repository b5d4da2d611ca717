// Invites to book: a host's offer to one renter of one listing at a price and dates, open until it
// expires. "Book now" turns it accepted (a guarded UPDATE … WHERE state = 'pending') and opens the booking.
import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { INVITE_STATES } from '@contract/invite'
import { bookings } from './bookings'
import { createdAt, id, updatedAt } from './columns'
import { storages } from './storages'
import { users } from './users'

export const invites = pgTable(
  'invites',
  {
    id: id(),
    storageId: text('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: INVITE_STATES }).notNull().default('pending'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Null: monthly until notice is given. */
    endDate: date('end_date', { mode: 'string' }),
    monthlyCents: integer('monthly_cents').notNull(),
    /** The listing's price when invited, for the card's "instead of". */
    listMonthlyCents: integer('list_monthly_cents').notNull(),
    currency: text('currency').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    bookingId: text('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('invites_pair_idx').on(t.hostId, t.renterId, t.createdAt)],
)
export type InviteRow = typeof invites.$inferSelect
export type NewInviteRow = typeof invites.$inferInsert
