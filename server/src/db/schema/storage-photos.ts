// Listing photos, re-encoded server-side and kept in the database (works on PGlite and PostgreSQL, and
// across instances): a full-size WebP and a thumbnail per photo.
import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { storages } from './storages'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

export const storagePhotos = pgTable(
  'storage_photos',
  {
    id: id(),
    storageId: text('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    full: bytea('full').notNull(),
    thumb: bytea('thumb').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('storage_photos_storage_idx').on(t.storageId, t.position)],
)
export type StoragePhotoRow = typeof storagePhotos.$inferSelect
