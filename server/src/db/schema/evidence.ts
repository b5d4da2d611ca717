// Move-in and move-out evidence of a booking: one check per booking and kind, its photos (kept in the
// database like message photos, with the capture time read from EXIF) and its item list, and the claims
// made from them. Everything hangs off the booking and goes with it; the purge job deletes it 1 year
// after the booking ends (modules/evidence/service/purge.ts).
import { sql } from 'drizzle-orm'
import { customType, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { bookings } from './bookings'
import { createdAt, id, updatedAt } from './columns'
import { users } from './users'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
})

export const EVIDENCE_KINDS = ['move_in', 'move_out'] as const

export const evidenceChecks = pgTable(
  'evidence_checks',
  {
    id: id(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EVIDENCE_KINDS }).notNull(),
    /** Each side's "I confirm this check"; any change to the check clears both. */
    renterConfirmedAt: timestamp('renter_confirmed_at', { withTimezone: true, mode: 'date' }),
    hostConfirmedAt: timestamp('host_confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('evidence_checks_booking_kind_idx').on(t.bookingId, t.kind)],
)
export type EvidenceCheckRow = typeof evidenceChecks.$inferSelect

export const evidencePhotos = pgTable(
  'evidence_photos',
  {
    id: id(),
    checkId: text('check_id')
      .notNull()
      .references(() => evidenceChecks.id, { onDelete: 'cascade' }),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The device's id for this photo: an upload repeated (offline queue, lost answer) is stored once. */
    clientId: text('client_id').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    /** EXIF DateTimeOriginal when the photo had one (camera's clock, no zone: stored as written, as UTC). */
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'date' }),
    /** The server's receive time. */
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('evidence_photos_check_client_idx').on(t.checkId, t.clientId), index('evidence_photos_check_idx').on(t.checkId, t.createdAt)],
)
export type EvidencePhotoRow = typeof evidencePhotos.$inferSelect

export const evidenceItems = pgTable(
  'evidence_items',
  {
    id: id(),
    checkId: text('check_id')
      .notNull()
      .references(() => evidenceChecks.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('evidence_items_check_idx').on(t.checkId, t.createdAt)],
)
export type EvidenceItemRow = typeof evidenceItems.$inferSelect

export const CLAIM_BASES = ['move_out', 'incident'] as const

export const claims = pgTable(
  'claims',
  {
    id: id(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    claimantId: text('claimant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    respondentId: text('respondent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the 10-day window runs from: the move-out, or an incident during the rental on `incidentDate`. */
    basis: text('basis', { enum: CLAIM_BASES }).notNull(),
    incidentDate: date('incident_date', { mode: 'string' }),
    description: text('description').notNull(),
    /** Names of the items concerned (free text, or copied from the checks). */
    items: jsonb('items')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** Evidence attached from the booking's checks. */
    photoIds: jsonb('photo_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    itemIds: jsonb('item_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('claims_booking_idx').on(t.bookingId), index('claims_created_idx').on(t.createdAt)],
)
export type ClaimRow = typeof claims.$inferSelect
