// A renter's saved searches (issue #44) and the listings their alerts matched. Besides the kept query
// string, each row carries the criteria NORMALISED into columns (modules/listings/service/saved-search-criteria.ts), so the
// alert matcher finds the searches a new listing matches in one indexed statement: a GiST index on the
// radius's box for searches with a place, a GIN index on the words for text-only searches, and a partial
// index for the rest (modules/listings/queries/saved-search-alerts.ts).
import { sql } from 'drizzle-orm'
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { storages } from './storages'
import { users } from './users'

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Canonical GET /storages query string: sorted keys, only SAVED_SEARCH_KEYS. */
    query: text('query').notNull(),
    placeLabel: text('place_label'),
    alerts: boolean('alerts').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the renter last opened the search: its new matches are those matched after it, counted when read
     * (modules/listings/queries/saved-searches.ts), so recording a match writes only saved_search_matches. Measured, also
     * adding one to a counter here took the matcher's p99 from 61 to 182 ms for listings matching ~1,400 searches.
     */
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
    // The criteria as the matcher reads them. Masks: bit i for SPACE_TYPES[i], FEATURES[i], SETTINGS[i]; 0 = any.
    typeMask: integer('type_mask').notNull().default(0),
    minPriceCents: integer('min_price_cents'),
    maxPriceCents: integer('max_price_cents'),
    minSizeSqft: doublePrecision('min_size_sqft'),
    featureMask: integer('feature_mask').notNull().default(0),
    settingMask: integer('setting_mask').notNull().default(0),
    vehicleLengthFt: doublePrecision('vehicle_length_ft'),
    noMinimum: boolean('no_minimum').notNull().default(false),
    instantBook: boolean('instant_book').notNull().default(false),
    /** contract/fit.ts estimateFit of the search's list: the area and height it needs, and whether a vehicle drives in. */
    fitAreaSqft: doublePrecision('fit_area_sqft'),
    fitHeightFt: doublePrecision('fit_height_ft'),
    fitDriveIn: boolean('fit_drive_in').notNull().default(false),
    /** The place point and radius, and the box GET /storages narrows with before the exact distance. */
    nearLat: doublePrecision('near_lat'),
    nearLng: doublePrecision('near_lng'),
    radiusKm: doublePrecision('radius_km'),
    boxSouth: doublePrecision('box_south'),
    boxNorth: doublePrecision('box_north'),
    boxWest: doublePrecision('box_west'),
    boxEast: doublePrecision('box_east'),
    /** `q` as the search matches it (modules/listings/service/storages.ts searchWords): each word a substring of search_text. */
    qWords: text('q_words').array(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_box_idx')
      .using('gist', sql`box(point(${t.boxWest}, ${t.boxSouth}), point(${t.boxEast}, ${t.boxNorth}))`)
      .where(sql`alerts and near_lat is not null`),
    index('saved_searches_words_idx')
      .using('gin', t.qWords)
      .where(sql`alerts and near_lat is null and q_words is not null`),
    index('saved_searches_filters_idx')
      .on(t.typeMask, t.createdAt)
      .where(sql`alerts and near_lat is null and q_words is null`),
  ],
)
export type SavedSearchRow = typeof savedSearches.$inferSelect
export type NewSavedSearchRow = typeof savedSearches.$inferInsert

/**
 * Each listing a saved search's alerts matched, once: the same listing never alerts twice. `alertedAt` is
 * null until an alert carried it (matches inside the day's gap wait for the next alert).
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: text('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    storageId: text('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true, mode: 'date' }).notNull(),
    alertedAt: timestamp('alerted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.storageId] }),
    index('saved_search_matches_unsent_idx')
      .on(t.savedSearchId)
      .where(sql`alerted_at is null`),
  ],
)
