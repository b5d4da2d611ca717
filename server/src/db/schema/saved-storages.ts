// A renter's saved listings (the heart): one row per user and listing; saving twice is the same row.
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
import { storages } from './storages'
import { users } from './users'

export const savedStorages = pgTable(
  'saved_storages',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageId: text('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storageId] }), index('saved_storages_user_created_idx').on(t.userId, t.createdAt)],
)
export type SavedStorageRow = typeof savedStorages.$inferSelect
