// Storage listings. Exact coordinates stay private; search and maps use the rounded approx_* columns,
// so no filter can be used to pin down a host's home. search_text (accent-free city, province, postal
// district, title) carries a trigram index for typo-tolerant location search.
import { sql } from 'drizzle-orm'
import { doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { users } from './users'

export const storages = pgTable(
  'storages',
  {
    id: id(),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['draft', 'active', 'paused', 'removed'] }).notNull().default('draft'),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    spaceType: text('space_type').notNull().default('other'),
    widthFt: doublePrecision('width_ft'),
    lengthFt: doublePrecision('length_ft'),
    heightFt: doublePrecision('height_ft'),
    sizeSqft: doublePrecision('size_sqft'),
    priceCents: integer('price_cents'),
    currency: text('currency').notNull().default('CAD'),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('CA'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    approxLat: doublePrecision('approx_lat'),
    approxLng: doublePrecision('approx_lng'),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    accessHours: text('access_hours').notNull().default(''),
    accessMethod: text('access_method').notNull().default('key'),
    houseRules: text('house_rules').notNull().default(''),
    minimumDays: integer('minimum_days').notNull().default(1),
    searchText: text('search_text').notNull().default(''),
    /** Higher is better: photos, description, features; kept up to date on every write. */
    score: integer('score').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('storages_host_idx').on(t.hostId, t.updatedAt),
    index('storages_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).where(sql`status = 'active'`),
    // Covering (migration 0005 adds INCLUDE (score, created_at, id); Drizzle cannot say INCLUDE): a map
    // search finds its page's ids and its total from the index alone, without reading the listings.
    index('storages_geo_idx').on(t.approxLat, t.approxLng).where(sql`status = 'active'`),
    // The sort orders, each covering the filters (migration 0005 adds INCLUDE (space_type, price_cents,
    // size_sqft, features, id)): a filtered search walks one in order and finds its page's ids without
    // reading listings.
    index('storages_recommended_idx').on(t.score.desc(), t.createdAt.desc()).where(sql`status = 'active'`),
    index('storages_newest_idx').on(t.createdAt.desc()).where(sql`status = 'active'`),
    index('storages_price_idx').on(t.priceCents).where(sql`status = 'active'`),
    index('storages_size_idx').on(t.sizeSqft).where(sql`status = 'active'`),
    // Type, price and size filters, covering: migration 0004 adds INCLUDE (features, search_text) (Drizzle
    // cannot say INCLUDE), so counting a filtered search is an index-only scan.
    index('storages_filter_idx').on(t.spaceType, t.priceCents, t.sizeSqft).where(sql`status = 'active'`),
    index('storages_features_idx').using('gin', t.features).where(sql`status = 'active'`),
  ],
)
export type StorageRow = typeof storages.$inferSelect
export type NewStorageRow = typeof storages.$inferInsert
