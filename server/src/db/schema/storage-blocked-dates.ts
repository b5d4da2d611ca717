// Days a host takes a listing off the calendar (their own use, repairs): no stay may include them. A range
// of whole days, both included, in the same UTC calendar days as bookings (contract/booking-dates.ts).
import { date, index, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { storages } from './storages'

export const storageBlockedDates = pgTable(
  'storage_blocked_dates',
  {
    id: id(),
    storageId: text('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The host's own reminder ("repairs"); shown only to the host. */
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('storage_blocked_dates_storage_idx').on(t.storageId, t.endDate)],
)
export type StorageBlockedDateRow = typeof storageBlockedDates.$inferSelect
