// Reviews after a stay: each side of a paid booking reviews the other once. A review stays hidden from the
// other side and the public until it is published: when both sides have posted (publishedAt is set on both
// in the transaction that inserts the second), or 14 days after it was posted (computed from createdAt at
// every read, so nothing waits for a job; modules/safety/service/reviews.ts also stamps such rows lazily so the listing's
// maintained rating columns count them).
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { bookings } from './bookings'
import { createdAt, id, updatedAt } from './columns'
import { storages } from './storages'
import { users } from './users'

export const REVIEW_ROLES = ['renter', 'host'] as const

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    storageId: text('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    /** Who wrote it: the booking's renter (a review of the host and listing) or its host (of the renter). */
    authorRole: text('author_role', { enum: REVIEW_ROLES }).notNull(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    /** Set when both sides have posted, or lazily once 14 days have passed since this one was posted. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    /** The host's one public answer to a renter's review. */
    response: text('response'),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
    /** An admin hid it (audited): it no longer shows or counts. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_booking_role_idx').on(t.bookingId, t.authorRole),
    index('reviews_storage_idx').on(t.storageId, t.createdAt.desc()),
    index('reviews_subject_idx').on(t.subjectId),
    // The lazy publication sweep finds the few unpublished reviews past 14 days on this.
    index('reviews_unpublished_idx')
      .on(t.createdAt)
      .where(sql`published_at is null`),
  ],
)
export type ReviewRow = typeof reviews.$inferSelect
export type NewReviewRow = typeof reviews.$inferInsert
