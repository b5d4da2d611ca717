// Reads and writes of reviews and the listing's maintained rating columns. Which review is visible is a
// rule of modules/safety/service/reviews.ts, passed in as the `visibleAt` cut-off; nothing here decides it.
import { and, desc, eq, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { reviews, type NewReviewRow, type ReviewRow } from '../../../db/schema/reviews'
import { storages } from '../../../db/schema/storages'
import { users } from '../../../db/schema/users'

export type ReviewWithAuthor = ReviewRow & { authorFirstName: string; authorLastName: string }

const withAuthor = (db: Db) =>
  db
    .select({ review: reviews, authorFirstName: users.firstName, authorLastName: users.lastName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .$dynamic()

const flat = (rows: { review: ReviewRow; authorFirstName: string; authorLastName: string }[]): ReviewWithAuthor[] =>
  rows.map((r) => ({ ...r.review, authorFirstName: r.authorFirstName, authorLastName: r.authorLastName }))

/**
 * Published as of now: stamped (both posted, or swept), or posted before `postedBefore` (now minus the
 * publication delay), so a read is right even before the sweep has stamped it. Not hidden.
 */
export const publishedCondition = (now: Date, postedBefore: Date): SQL =>
  and(isNull(reviews.hiddenAt), or(and(isNotNull(reviews.publishedAt), lte(reviews.publishedAt, now)), lte(reviews.createdAt, postedBefore)))!

export async function findReview(db: Db, id: string): Promise<ReviewWithAuthor | undefined> {
  return flat(await withAuthor(db).where(eq(reviews.id, id)).limit(1))[0]
}

export async function reviewsOfBooking(db: Db, bookingId: string): Promise<ReviewWithAuthor[]> {
  return flat(await withAuthor(db).where(eq(reviews.bookingId, bookingId)))
}

/** Inserts one side's review; undefined when that side already has one (the unique index). */
export async function insertReview(db: Db, values: NewReviewRow): Promise<ReviewRow | undefined> {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.bookingId, reviews.authorRole] })
    .returning()
  return row
}

/** Stamps the booking's unpublished reviews as published at `at`; the rows stamped. */
export async function stampBookingPublished(db: Db, bookingId: string, at: Date): Promise<ReviewRow[]> {
  return db
    .update(reviews)
    .set({ publishedAt: at })
    .where(and(eq(reviews.bookingId, bookingId), isNull(reviews.publishedAt)))
    .returning()
}

/** Stamps every unpublished review posted before `postedBefore` (the partial index finds them). */
export async function stampDuePublished(db: Db, postedBefore: Date, delayMs: number): Promise<ReviewRow[]> {
  return db
    .update(reviews)
    .set({ publishedAt: sql`${reviews.createdAt} + ${`${Math.round(delayMs / 1000)} seconds`}::interval` })
    .where(and(isNull(reviews.publishedAt), lte(reviews.createdAt, postedBefore)))
    .returning()
}

/** Edits a review only while it is unpublished; undefined when it was published meanwhile. */
export async function updateUnpublished(db: Db, id: string, postedAfter: Date, set: { rating?: number; body?: string }): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(reviews.id, id), isNull(reviews.publishedAt), sql`${reviews.createdAt} > ${postedAfter.toISOString()}::timestamptz`))
    .returning()
  return row
}

/** Writes the host's answer once; undefined when there already is one. */
export async function setResponseOnce(db: Db, id: string, text: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ response: text, respondedAt: new Date() })
    .where(and(eq(reviews.id, id), isNull(reviews.response)))
    .returning()
  return row
}

export async function setHidden(db: Db, id: string, reason: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ hiddenAt: new Date(), hiddenReason: reason })
    .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
    .returning()
  return row
}

/** Recounts the listings' published renter reviews into their rating columns. */
export async function refreshStorageRatings(db: Db, storageIds: string[], now: Date, postedBefore: Date): Promise<void> {
  for (const storageId of new Set(storageIds)) {
    const counted = and(eq(reviews.storageId, storageId), eq(reviews.authorRole, 'renter'), publishedCondition(now, postedBefore))
    const [agg] = await db
      .select({ count: sql<number>`count(*)::int`, avg: sql<number | null>`avg(${reviews.rating})::float8` })
      .from(reviews)
      .where(counted)
    await db
      .update(storages)
      .set({ reviewCount: agg?.count ?? 0, ratingAvg: agg?.count ? agg.avg : null })
      .where(eq(storages.id, storageId))
  }
}

/** A host's published renter reviews over all listings: count and average. */
export async function hostRating(db: Db, hostId: string, now: Date, postedBefore: Date): Promise<{ count: number; avg: number | null }> {
  const [agg] = await db
    .select({ count: sql<number>`count(*)::int`, avg: sql<number | null>`avg(${reviews.rating})::float8` })
    .from(reviews)
    .where(and(eq(reviews.subjectId, hostId), eq(reviews.authorRole, 'renter'), publishedCondition(now, postedBefore)))
  return { count: agg?.count ?? 0, avg: agg?.avg ?? null }
}

/** A renter's published rating from hosts (their reviews of this renter): the average, or null with none. */
export async function renterRating(db: Db, renterId: string, now: Date, postedBefore: Date): Promise<number | null> {
  const [agg] = await db
    .select({ count: sql<number>`count(*)::int`, avg: sql<number | null>`avg(${reviews.rating})::float8` })
    .from(reviews)
    .where(and(eq(reviews.subjectId, renterId), eq(reviews.authorRole, 'host'), publishedCondition(now, postedBefore)))
  return agg?.count ? agg.avg : null
}

/** A page of a listing's published renter reviews, newest first, after the cursor (createdAt, id). */
export async function listingReviewPage(
  db: Db,
  storageId: string,
  o: { now: Date; postedBefore: Date; after?: { createdAt: Date; id: string }; limit: number },
): Promise<ReviewWithAuthor[]> {
  const after = o.after ? or(lt(reviews.createdAt, o.after.createdAt), and(eq(reviews.createdAt, o.after.createdAt), lt(reviews.id, o.after.id))) : undefined
  const rows = await withAuthor(db)
    .where(and(eq(reviews.storageId, storageId), eq(reviews.authorRole, 'renter'), publishedCondition(o.now, o.postedBefore), after))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(o.limit)
  return flat(rows)
}
